import { readFileSync } from 'node:fs';
const b = readFileSync(process.argv[2]!);
let zero = 0, total = 0;
for (let o = 0; o + 8192 <= b.length; o += 8192) { total++; let z = true; for (let i = o; i < o + 8192; i += 8) { if (b.readBigUInt64LE(i) !== 0n) { z = false; break; } } if (z) zero++; }
console.log({ total, zero, mb: (zero * 8192) / 1e6 });
