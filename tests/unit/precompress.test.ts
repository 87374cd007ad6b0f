import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressAsset, isCompressible, uncompressedAssets } from '../../scripts/precompress.mjs';

let webRoot: string;
const big = 'export const words = "a fairly repetitive text for the compressor";\n'.repeat(40);

beforeEach(() => {
  webRoot = mkdtempSync(join(tmpdir(), 'darefund-precompress-'));
  mkdirSync(join(webRoot, 'assets'));
  mkdirSync(join(webRoot, '.vite'));
  writeFileSync(join(webRoot, 'assets', 'app.js'), big);
  writeFileSync(join(webRoot, 'assets', 'tiny.js'), 'export {};');
  writeFileSync(join(webRoot, 'assets', 'cover.jpg'), big);
  writeFileSync(join(webRoot, '.vite', 'manifest.json'), big);
});

afterEach(() => {
  rmSync(webRoot, { recursive: true, force: true });
});

describe('precompress', () => {
  it('compresses text assets, not images nor the manifest', () => {
    expect(isCompressible('assets/app.css')).toBe(true);
    expect(isCompressible('assets/cover.jpg')).toBe(false);
    expect(isCompressible('.vite/manifest.json')).toBe(false);
  });

  it('lists the assets still lacking a copy, leaving out those too small to gain', () => {
    expect(uncompressedAssets(webRoot)).toEqual([join(webRoot, 'assets', 'app.js')]);
    expect(uncompressedAssets(join(webRoot, 'missing'))).toEqual([]);
  });

  it('writes brotli and gzip copies of the same bytes, and nothing else', () => {
    const path = join(webRoot, 'assets', 'app.js');
    compressAsset(path);
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(big);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(big);
    expect(readdirSync(join(webRoot, 'assets')).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'cover.jpg',
      'tiny.js',
    ]);
    expect(uncompressedAssets(webRoot)).toEqual([]);
  });
});
