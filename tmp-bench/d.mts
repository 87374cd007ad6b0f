import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
const database = await openDatabase({ dataDir: 'memory://', image: 'ensure' });
const c: any = (database as any).client ?? database;
console.log(Object.keys(database));
