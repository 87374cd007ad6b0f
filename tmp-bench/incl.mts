import { readFileSync } from 'node:fs';
const [file, top = '40'] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file!, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map<string, number>();
p.samples.forEach((id: number, i: number) => {
  const seen = new Set<string>();
  let cur: number | undefined = id;
  while (cur) { const f = byId.get(cur).callFrame; const key = `${f.functionName}@${f.url.replace(/^.*\/(src|node_modules|dist)\//, '$1/')}:${f.lineNumber}`; if (!seen.has(key)) { seen.add(key); incl.set(key, (incl.get(key) ?? 0) + (p.timeDeltas[i] ?? 0)); } cur = parent.get(cur); }
});
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, +top)) console.log(Math.round(v / 1000), k);
