import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The screens whose code the HTML names up front, as the client's router loads them
 * (src/web/app/router.tsx). Without this the browser learns of a screen's chunks only after
 * the entry script has run, one round trip later; with it they download alongside the entry.
 */
export const ROUTE_PAGE_MODULES: ReadonlyArray<readonly [path: RegExp, module: string]> = [
  [/^\/$/, 'src/web/features/feed/pages/feed-page.tsx'],
  [/^\/dares\/\d{1,9}$/, 'src/web/features/dares/pages/dare-detail-page.tsx'],
  [/^\/trending$/, 'src/web/features/trending/pages/trending-page.tsx'],
  [/^\/profile$/, 'src/web/features/profile/pages/profile-page.tsx'],
  // Issue 23 item 5: the screens whose data now comes with the page (screen-data.ts).
  [/^\/discover$/, 'src/web/features/discover/pages/discover-page.tsx'],
  [/^\/users\/\d{1,9}$/, 'src/web/features/users/pages/user-profile-page.tsx'],
  [/^\/achievements$/, 'src/web/features/achievements/pages/achievements-page.tsx'],
  [/^\/inbox$/, 'src/web/features/inbox/pages/inbox-page.tsx'],
  [/^\/dare-requests$/, 'src/web/features/dare-requests/pages/dare-requests-page.tsx'],
];

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  /** The chunk's name: a page's file name without extension for the chunk that holds it. */
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(webRoot: string): Manifest | null {
  const path = join(webRoot, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null;
}

/** `key`'s file and every chunk it imports statically, each once, dependencies first. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  const files = (chunk.imports ?? []).flatMap((dep) => staticClosure(manifest, dep, seen));
  return [...files, chunk.file];
}

/**
 * The manifest key of the chunk that holds `module`. Usually the module's own path; but when
 * Rolldown merges shared modules into a page's chunk (chunkOptimization.mergeCommonChunks,
 * e.g. what only the page and its lazy dialogs share), the page chunk becomes a common chunk
 * keyed `_<name>-<hash>.js`: then the one dynamically imported chunk named after the module.
 */
function chunkKeyFor(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const imported = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const named = [...imported].filter(
    (key) => !manifest[key]?.isEntry && manifest[key]?.name === name,
  );
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Per page path, the root-relative URLs of the chunks its screen needs beyond what the entry
 * (index.html) already loads. Empty for paths not in ROUTE_PAGE_MODULES.
 */
export function routeChunkResolver(manifest: Manifest | null): (path: string) => string[] {
  if (!manifest) return () => [];
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = new Set(entryKey ? staticClosure(manifest, entryKey) : []);
  const byModule = new Map(
    ROUTE_PAGE_MODULES.map(([, module]) => [
      module,
      staticClosure(manifest, chunkKeyFor(manifest, module) ?? module)
        .filter((file) => !loadedByEntry.has(file))
        .map((file) => `/${file}`),
    ]),
  );
  return (path) => {
    const module = ROUTE_PAGE_MODULES.find(([pattern]) => pattern.test(path))?.[1];
    return (module && byModule.get(module)) || [];
  };
}
