import { openDatabase } from '../src/server/db/client';
import { sql } from 'drizzle-orm';
const database = await openDatabase({ dataDir: 'memory://', image: 'ensure' });
const db = database.db;
await db.execute(sql`create table t (id serial primary key, a int, b text)`);
await db.execute(sql`insert into t (a, b) select g, 'x' || g from generate_series(1, 2000) g`);
const out: number[] = [];
for (let round = 0; round < 8; round++) {
  const t = performance.now();
  for (let i = 0; i < 1500; i++) {
    await db.execute(sql`update t set a = a + 1 where id = ${(i % 2000) + 1}`);
    await db.execute(sql`select id, a, b from t where id = ${((i * 7) % 2000) + 1}`);
  }
  out.push(Math.round(performance.now() - t));
}
console.log(out.join(' '));
await database.close();
