import { readFileSync } from 'node:fs';
const [file, fromName, toName] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file!, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stack = (id: number) => { const s: string[] = []; let cur: number | undefined = id; while (cur) { const f = byId.get(cur).callFrame; s.push(`${f.functionName || '(anon)'}@${f.url.replace(/^.*\/(src|node_modules|dist)\//, '$1/').replace('file://', '')}:${f.lineNumber}`); cur = parent.get(cur); } return s; };
let t = 0; let on = false; const agg = new Map<string, number>();
p.samples.forEach((id: number, i: number) => {
  t += p.timeDeltas[i];
  const s = stack(id);
  if (!on && s.some((x) => x.startsWith(fromName + '@'))) on = true;
  if (on && s.some((x) => x.startsWith(toName + '@'))) on = false;
  if (on) { const key = s.slice(0, 8).reverse().join(' > '); agg.set(key, (agg.get(key) ?? 0) + p.timeDeltas[i]); }
});
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(Math.round(v / 1000), 'ms', k.slice(-400));
