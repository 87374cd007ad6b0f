import { readFileSync, writeFileSync, mkdirSync, rmSync, openSync, writeSync, closeSync, ftruncateSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { readdirSync } from 'node:fs';
const dirc = '../node_modules/.cache/darefund/';
const file = join("/work/main/tmp-bench", dirc, readdirSync(join("/work/main/tmp-bench", dirc)).find(n => n.endsWith('.tar'))!);
function field(header: Buffer, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8').trim();
}
function untarSync(archive: Buffer, dir: string, sparse: boolean) {
  mkdirSync(dir, { recursive: true, mode: 0o750 });
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header[0] === 0 && header.every((b) => b === 0)) return;
    const name = field(header, 0, 100);
    const prefix = field(header, 257, 5) === 'ustar' ? field(header, 345, 155) : '';
    const mode = Number.parseInt(field(header, 100, 8) || '600', 8);
    const size = Number.parseInt(field(header, 124, 12) || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const path = normalize(join('/', prefix, name)).slice(1);
    const target = join(dir, path);
    offset += 512;
    if (type === '5') mkdirSync(target, { recursive: true, mode });
    else {
      const data = archive.subarray(offset, offset + size);
      if (!sparse) writeFileSync(target, data, { mode });
      else {
        const fd = openSync(target, 'w', mode);
        let pos = 0;
        while (pos < size) {
          const n = Math.min(65536, size - pos);
          const chunk = data.subarray(pos, pos + n);
          let zero = true;
          for (let i = 0; i + 8 <= n; i += 8) if (chunk.readBigUInt64LE(i) !== 0n) { zero = false; break; }
          if (!zero || n % 8) writeSync(fd, chunk, 0, n, pos);
          pos += n;
        }
        ftruncateSync(fd, size);
        closeSync(fd);
      }
      offset += Math.ceil(size / 512) * 512;
    }
  }
}
for (const sparse of [false, true, false, true]) {
  const t0 = performance.now();
  const buf = readFileSync(file);
  const t1 = performance.now();
  const dir = '/tmp/u-' + process.pid;
  untarSync(buf, dir, sparse);
  const t2 = performance.now();
  rmSync(dir, { recursive: true });
  console.log({ sparse, read: t1 - t0, untar: t2 - t1 });
}
