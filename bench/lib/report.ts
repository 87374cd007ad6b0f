import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// One row per measured figure. Every bench script returns its rows; `npm run bench`
// (bench/run-all.ts) runs them all in one go and prints one table with PASS/FAIL.

export interface BenchRow {
  /** The target it belongs to, e.g. '1 Feed API'. */
  area: string;
  /** What was measured, e.g. 'Postgres anonymous first page / bare node:http'. */
  figure: string;
  /** The measured value as printed, e.g. '54.2 % (12,400 / 22,900 req/s)'. */
  measured: string;
  /** The goal as printed, e.g. '>= 50 %'. Empty for figures that only inform. */
  target: string;
  /** null for an informational figure without a target. */
  pass: boolean | null;
}

export function row(
  area: string,
  figure: string,
  measured: string,
  target = '',
  pass: boolean | null = null,
): BenchRow {
  return { area, figure, measured, target, pass };
}

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'PASS' : 'FAIL');

/** A plain-text table, widths from the content, for a terminal and a closing note alike. */
export function formatTable(rows: BenchRow[]): string {
  const header = ['area', 'figure', 'measured', 'target', 'result'];
  const cells = rows.map((r) => [r.area, r.figure, r.measured, r.target, verdict(r.pass)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function printRows(title: string, rows: BenchRow[]) {
  console.log(`\n${title}\n${formatTable(rows)}`);
}

/** True when the module is the script node was started with (so it runs on its own). */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return !!entry && moduleUrl === pathToFileURL(resolve(entry)).href;
}

export const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
export const num = (value: number) => Math.round(value).toLocaleString('en-US');
