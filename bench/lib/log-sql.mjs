// Preload (`node --import ./bench/lib/log-sql.mjs ...`): appends every statement any pg client
// sends to SQL_LOG (one JSON line: connection number, text, parameter values), BEGIN/COMMIT
// and savepoints included. Used once to capture what one pledge flow issues
// (bench/pledge-baseline-statements.ts); never loaded by the app itself.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/package.json`);
const pg = require('pg');
const file = process.env.SQL_LOG;
if (!file) throw new Error('log-sql.mjs needs SQL_LOG=<file>');
const connections = new WeakMap();
let next = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (!connections.has(this)) connections.set(this, ++next);
  const text = typeof config === 'string' ? config : config?.text;
  const params = Array.isArray(values) ? values : config?.values;
  if (text) appendFileSync(file, `${JSON.stringify({ c: connections.get(this), text, params })}\n`);
  return original.call(this, config, values, callback);
};
