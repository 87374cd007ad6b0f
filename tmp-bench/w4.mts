import { PGlite } from '@electric-sql/pglite';
console.log((PGlite as any).defaultStartParams);
const pg = await PGlite.create(undefined, { startParams: [...(PGlite as any).defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'max_connections=10'] } as any);
console.log((await pg.query("select name, setting from pg_settings where name in ('shared_buffers','max_connections','max_wal_senders','superuser_reserved_connections','autovacuum')")).rows);
