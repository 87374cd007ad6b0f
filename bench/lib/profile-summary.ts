// `tsx bench/lib/profile-summary.ts <file.cpuprofile|dir> [top]`: self time per function and
// per file of a V8 CPU profile (node --cpu-prof), biggest first, to see where a server's time
// goes under a bench's load. With a directory, the largest profile in it (the server's).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMain } from './report';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

export function summarize(path: string, top = 25): string {
  const file = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(path, f))
        .sort((a, b) => statSync(b).size - statSync(a).size)[0]!
    : path;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perFunction = new Map<string, number>();
  const perFile = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const short = url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, 'nm/');
    const where = short.replace(/^.*\/src\//, 'src/') || '(native)';
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    const area = where.startsWith('nm/')
      ? where
          .split('/')
          .slice(0, where.startsWith('nm/@') ? 3 : 2)
          .join('/')
      : where;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + us);
    perFile.set(area, (perFile.get(area) ?? 0) + us);
    total += us;
  });
  const table = (title: string, map: Map<string, number>) =>
    [
      title,
      ...[...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(
          ([k, us]) =>
            `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`,
        ),
    ].join('\n');
  return [
    `${file}: ${(total / 1e6).toFixed(1)} s sampled`,
    table('self time per function', perFunction),
    table('self time per package / file', perFile),
  ].join('\n\n');
}

if (isMain(import.meta.url)) {
  const [path, top] = process.argv.slice(2);
  if (!path) throw new Error('usage: profile-summary.ts <file.cpuprofile|dir> [top]');
  console.log(summarize(path, Number(top ?? 25)));
}
