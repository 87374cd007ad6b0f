import { readFileSync } from 'node:fs';
const [file, ...names] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file!, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
p.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
for (const name of names) {
  const chains = new Map<string, number>();
  for (const n of p.nodes) if (n.callFrame.functionName === name) {
    const chain: string[] = [];
    let cur = parent.get(n.id);
    while (cur && chain.length < 12) { const f = byId.get(cur).callFrame; const short = f.url.replace(/^.*\/(src|node_modules)\//, '$1/'); if (!short.startsWith('node:')) chain.push(`${f.functionName}@${short}:${f.lineNumber}`); cur = parent.get(cur); }
    const key = chain.slice(0, 6).join(' < ');
    chains.set(key, (chains.get(key) ?? 0) + (self.get(n.id) ?? 0));
  }
  console.log('==', name);
  for (const [k, v] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(Math.round(v / 1000), 'ms', k);
}
