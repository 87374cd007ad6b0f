import { readFileSync } from 'node:fs';
const [file, anchor, spanMs = '400'] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file!, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stack = (id: number) => { const s: string[] = []; let cur: number | undefined = id; while (cur) { const f = byId.get(cur).callFrame; s.push(`${f.functionName || '(anon)'}@${f.url.replace(/^.*\/(src|node_modules|dist)\//, '$1/').replace('file://', '')}:${f.lineNumber}`); cur = parent.get(cur); } return s; };
let t = 0; let t0 = -1; let last = '';
p.samples.forEach((id: number, i: number) => {
  t += p.timeDeltas[i];
  const s = stack(id);
  if (t0 < 0 && s.some((x) => x.startsWith(anchor + '@'))) t0 = t;
  if (t0 >= 0 && t - t0 < +spanMs * 1000) {
    const key = s.slice(0, 5).join(' < ');
    if (key !== last) console.log(((t - t0) / 1000).toFixed(1), key.slice(0, 250));
    last = key;
  }
});
