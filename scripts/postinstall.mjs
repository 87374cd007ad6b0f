// `npm install` ends here, making what a first `npm start` would otherwise wait for
// (decision 0057): the migrated PGlite image (a start loads it instead of running initdb)
// and, when dist/ is missing or older than the sources, the build (`npm run build`). Both
// at once, in child processes. Then the demo image (decision 0061): that image with the demo
// seed run in it, made by the built server. Nothing here may fail the install: without the image or the
// build (no dev dependencies, a read-only node_modules, a failed build) `npm start` makes
// them itself, the slow way, as before.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildIsCurrent } from './build-state.mjs';

/** Runs a command to its end; true when it succeeded. Never rejects. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

if (!existsSync('src/server/db/image-cli.ts')) process.exit(0);
const devDependencies = existsSync('node_modules/vite') && existsSync('node_modules/tsx');
const image = run(process.execPath, ['--import', 'tsx', 'src/server/db/image-cli.ts']);
const build =
  devDependencies && !buildIsCurrent() ? run('npm', ['run', '--silent', 'build']) : true;
if (!(await image)) {
  console.warn('darefund: no PGlite image made (`npm run db:image` retries); starts still work.');
}
if (!(await build)) {
  console.warn('darefund: the build failed; `npm start` builds again (`npm run build` shows why).');
} else if (existsSync('dist/server/demo-image-cli.js')) {
  // The demo world seeded once, for a first start to load (decision 0061); needs the image
  // and the build above.
  if (!(await run(process.execPath, ['dist/server/demo-image-cli.js']))) {
    console.warn('darefund: no demo image made; a first start seeds the demo content itself.');
  }
}
process.exit(0);
