// `npm run bench`: every figure of issue 14 in one run, one table with target and PASS/FAIL.
// Each bench module exports run(): Promise<BenchRow[]>; they run one after the other so none
// disturbs another's timings. DATABASE_URL enables the Postgres figures.
import { writeFileSync } from 'node:fs';
import { type BenchRow, formatTable, row } from './lib/report';

const BENCHES: { name: string; module: string }[] = [
  { name: '5 Start', module: './startup' },
  { name: '1 Feed API', module: './feed' },
  { name: '2 Pledge flow', module: './pledge-bench' },
  { name: '6 Growth', module: './growth' },
  { name: '3 Lighthouse', module: './lighthouse' },
  { name: '4 Video', module: './video' },
  { name: '7 Viral dare', module: './viral-dare' },
  { name: '8 Streams', module: './streams' },
];

const only = process.env.BENCH_ONLY?.split(',');
const rows: BenchRow[] = [];
const startedAt = new Date();
for (const bench of BENCHES) {
  if (only && !only.some((name) => bench.name.includes(name))) continue;
  const started = performance.now();
  console.log(`\n== ${bench.name} (${bench.module})`);
  try {
    const { run } = (await import(bench.module)) as { run: () => Promise<BenchRow[]> };
    rows.push(...(await run()));
  } catch (error) {
    // A bench that cannot run is a failed figure, not a missing one.
    rows.push(row(bench.name, 'bench run', `error: ${(error as Error).message}`, 'runs', false));
  }
  console.log(`== ${bench.name} took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const table = formatTable(rows);
const failed = rows.filter((r) => r.pass === false).length;
const summary = `${rows.filter((r) => r.pass === true).length} passed, ${failed} failed`;
console.log(`\nDarefund bench, ${startedAt.toISOString()}\n${table}\n${summary}`);
if (process.env.BENCH_OUT) {
  writeFileSync(process.env.BENCH_OUT, `${table}\n${summary}\n`);
}
