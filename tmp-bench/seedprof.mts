import { createTestApp } from '../tests/support/test-app';
import { seedDemoIfEmpty } from '../src/server/seed/seed';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const t = await createTestApp({ SEED_DEMO: 'true' });
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
const t0 = performance.now();
// count statements
const db: any = (t.app as any).ctx.db;
await seedDemoIfEmpty((t.app as any).ctx);
console.log('seed ms', performance.now() - t0);
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/seed.cpuprofile', JSON.stringify(profile));
await t.close();
