import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const base = ["--single","-F","-O","-j","-c","search_path=public","-c","exit_on_error=false","-c","log_checkpoints=false","-c","max_worker_processes=0","-c","max_parallel_workers=0","-c","max_parallel_workers_per_gather=0","-c","io_method=sync","-c","max_parallel_maintenance_workers=0"];
for (const extra of [[], ['-c', 'shared_buffers=16MB'], [], ['-c', 'shared_buffers=16MB']]) {
  const t = performance.now();
  const pg = await PGlite.create('/tmp/s2/pglite', { extensions: { pg_trgm }, startParams: [...base, ...extra] } as any);
  const t1 = performance.now();
  await pg.query('select 1');
  console.log(extra.join(' '), 'create', t1 - t, (await pg.query("show shared_buffers")).rows);
  await pg.close();
}
