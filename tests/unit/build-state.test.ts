import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent } from '../../scripts/build-state.mjs';

// `npm install` builds when this says the build is stale, and `npm start` then skips its own
// build when it says current (decision 0059): a wrong answer means a start serving old code.
const OUTPUTS = ['dist/web/index.html', 'dist/web/service-worker.js', 'dist/server/main.js'];

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `path` dated `secondsAgo`, and its folders too (a folder's date counts as well). */
function file(path: string, secondsAgo: number) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  const at = Date.now() / 1000 - secondsAgo;
  for (let path_ = full; path_.startsWith(root) && path_ !== root; path_ = dirname(path_)) {
    utimesSync(path_, at, at);
  }
}

describe('buildIsCurrent', () => {
  it('is stale without a build, current after one, stale again after an edit', () => {
    root = mkdtempSync(join(tmpdir(), 'build-state-'));
    file('src/web/main.tsx', 60);
    file('index.html', 60);
    expect(buildIsCurrent(root)).toBe(false);
    for (const output of OUTPUTS) file(output, 30);
    expect(buildIsCurrent(root)).toBe(true);
    file('src/web/main.tsx', 0);
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is stale when one output is missing', () => {
    root = mkdtempSync(join(tmpdir(), 'build-state-'));
    file('src/server/main.ts', 60);
    for (const output of OUTPUTS.slice(1)) file(output, 30);
    expect(buildIsCurrent(root)).toBe(false);
  });
});
