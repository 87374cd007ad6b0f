import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemo } from './seed';

/** `npm run db:seed`: migrate, then add the demo content unless it is already there. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const app = await buildApp({ config, database });
const added = await seedDemo(app.ctx);
console.log(added ? 'Demo content added.' : 'Demo content is already there; nothing added.');
await app.close();
await database.close();
