import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_JS_BUDGET_BYTES,
  initialScriptPaths,
  kib,
  measureInitialJs,
} from '../support/initial-js';

// Runs after `npm run build` (the e2e project's script builds first): the JavaScript a phone
// downloads before the first screen can appear stays within issue 14's budget.
const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

describe('initial JavaScript budget', () => {
  it('finds the entry script and its modulepreloads in the built index.html', () => {
    const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
    const paths = initialScriptPaths(html);
    expect(paths.some((path) => /^\/assets\/index-[^/]+\.js$/.test(path))).toBe(true);
  });

  it(`is at most ${kib(INITIAL_JS_BUDGET_BYTES)} gzip`, () => {
    const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
    const { files, gzipBytes } = measureInitialJs(html, webRoot);
    const listing = files.map((file) => `${file.path} ${kib(file.gzipBytes)}`).join(', ');
    expect(
      gzipBytes,
      `initial JS is ${kib(gzipBytes)} gzip, over the ${kib(INITIAL_JS_BUDGET_BYTES)} budget: ${listing}`,
    ).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });
});
