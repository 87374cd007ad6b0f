/**
 * `npm start` on a fresh clone (scripts/start.mjs) builds the web app in a child process
 * while the server opens and migrates the database, the two slowest steps of a first start.
 * It hands the build over here; the server waits for it before it reads the built files.
 * Started any other way (tests, `node dist/server/main.js`), there is nothing to wait for.
 */
const WEB_BUILD = Symbol.for('darefund.webBuild');

export function webBuildFinished(): Promise<void> {
  return (globalThis as { [WEB_BUILD]?: Promise<void> })[WEB_BUILD] ?? Promise.resolve();
}
