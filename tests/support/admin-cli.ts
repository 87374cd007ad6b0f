import { spawn } from 'node:child_process';

/**
 * `npm run admin -- <args>` as an operator runs it (src/server/admin/admin-cli.ts through
 * tsx), against the database `env` names (DATABASE_URL, or a PGlite DATA_DIR).
 */
export function runAdmin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/admin/admin-cli.ts', ...args],
      {
        env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
