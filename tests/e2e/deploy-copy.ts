import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface DeployCopy {
  /** The copy's project root, for startHarness({ projectRoot }). */
  root: string;
  /** Its dist/web: what the server sends. */
  webRoot: string;
  /**
   * A new deploy of the app's service worker: the served /service-worker.js gets new bytes
   * (`marker` readable in the worker as self.__darefundDeploy). The server reads static files
   * per request, so no restart is needed.
   */
  deployNewServiceWorker: (marker: string) => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * This checkout's build laid out as on a server of its own: package.json (where the server
 * finds its root), dist/ copied, node_modules, drizzle and assets linked.
 */
export async function copyOfBuild(): Promise<DeployCopy> {
  const root = await mkdtemp(join(tmpdir(), 'darefund-deploy-'));
  await cp(join(repoRoot, 'package.json'), join(root, 'package.json'));
  await cp(join(repoRoot, 'dist'), join(root, 'dist'), { recursive: true });
  for (const linked of ['node_modules', 'drizzle', 'assets']) {
    await symlink(join(repoRoot, linked), join(root, linked));
  }
  const webRoot = join(root, 'dist', 'web');
  return {
    root,
    webRoot,
    deployNewServiceWorker: async (marker) => {
      const worker = join(webRoot, 'service-worker.js');
      const source = await readFile(worker, 'utf8');
      await writeFile(worker, `${source}\nself.__darefundDeploy = ${JSON.stringify(marker)};\n`);
      // Any precompressed twin would still be sent in its place.
      await rm(`${worker}.br`, { force: true });
      await rm(`${worker}.gz`, { force: true });
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
