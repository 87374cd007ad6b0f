import { createTestApp } from '../tests/support/test-app';
import { seedDemoIfEmpty } from '../src/server/seed/seed';
import { writeFileSync } from 'node:fs';
const t = await createTestApp({ SEED_DEMO: 'true' });
writeFileSync('/tmp/sqllog.jsonl', '');
const t0 = performance.now();
await seedDemoIfEmpty((t.app as any).ctx);
console.log('seed ms', performance.now() - t0);
await t.close();
