import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { setFeatured } from '../modules/dares/featuring';

/** Operator commands: `npm run admin -- <command> [args]` against the configured database. */
const USAGE = `Usage: npm run admin -- <command>
  feature <dareId>     add a dare to the trending "featured" list
  unfeature <dareId>   remove it`;

const [command, arg] = process.argv.slice(2);
const dareId = Number(arg);
if (!command || !['feature', 'unfeature'].includes(command) || !Number.isInteger(dareId)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  const app = await buildApp({ config, database });
  const dare = await setFeatured(app.ctx, dareId, command === 'feature');
  console.log(
    `${command === 'feature' ? 'Featured' : 'Unfeatured'} dare ${dare.id}: ${dare.title}`,
  );
  await app.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
