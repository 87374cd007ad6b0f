// Preload (`node --import ./bench/lib/log-sql.mjs ...`) that watches every statement any pg
// client sends, BEGIN/COMMIT and savepoints included; never loaded by the app itself.
//   SQL_LOG=<file>: appends each statement (one JSON line: connection number, text, parameter
//     values). Used to capture what one pledge flow issues (bench/pledge-flow-statements.ts).
//   SQL_COUNT=<file>: only counts them, and writes the running total to the file every 100 ms
//     (cheap enough to leave on under load): the pledge bench's statements per flow.
import { appendFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/package.json`);
const pg = require('pg');
const file = process.env.SQL_LOG;
const countFile = process.env.SQL_COUNT;
if (!file && !countFile) throw new Error('log-sql.mjs needs SQL_LOG=<file> or SQL_COUNT=<file>');
const connections = new WeakMap();
let next = 0;
let count = 0;
if (countFile) {
  const save = () => writeFileSync(countFile, String(count));
  save();
  setInterval(save, 100).unref();
}
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  count++;
  if (file) {
    if (!connections.has(this)) connections.set(this, ++next);
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (text)
      appendFileSync(file, `${JSON.stringify({ c: connections.get(this), text, params })}\n`);
  }
  return original.call(this, config, values, callback);
};
