// `npm install` ends here: it makes the migrated PGlite image a first `npm start` loads in
// well under a second instead of running initdb (decision 0057). Nothing here may fail the
// install: without the image (no dev dependencies, a read-only node_modules) the server
// creates its cluster the slow way, as before.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('src/server/db/image-cli.ts')) process.exit(0);
const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/image-cli.ts'], {
  stdio: 'inherit',
});
if (made.status !== 0) {
  console.warn('darefund: no PGlite image made (`npm run db:image` retries); starts still work.');
}
process.exit(0);
