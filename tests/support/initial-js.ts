import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget of issue 14: the gzip size of the JavaScript the HTML loads before the first
 * paint (the entry script and its modulepreloads). One place for the CI test and the bench.
 */
export const INITIAL_JS_BUDGET_BYTES = 100 * 1024;

export interface InitialJs {
  /** Every script the page fetches before it can paint, as root-relative paths. */
  files: Array<{ path: string; gzipBytes: number }>;
  gzipBytes: number;
}

/**
 * `<script src>` and `<link rel="modulepreload" href>` of an HTML page (what Vite writes into
 * index.html). A `type="application/json"` data block has no src, so it is not counted here
 * (its bytes are part of the HTML document).
 */
export function initialScriptPaths(html: string): string[] {
  const paths = new Set<string>();
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const element = tag[0];
    const isScript = tag[1] === 'script';
    if (!isScript && !/\brel="modulepreload"/.test(element)) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(element)?.[1];
    if (url) paths.add(url);
  }
  return [...paths];
}

/** Sizes the initial scripts of `html` from the built files under `webRoot` (dist/web). */
export function measureInitialJs(html: string, webRoot: string): InitialJs {
  const files = initialScriptPaths(html).map((path) => ({
    path,
    gzipBytes: gzipSync(readFileSync(join(webRoot, path)), { level: 9 }).length,
  }));
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
