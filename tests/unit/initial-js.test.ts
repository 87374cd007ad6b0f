import { describe, expect, it } from 'vitest';
import { initialScriptPaths } from '../support/initial-js';

describe('initialScriptPaths', () => {
  it('takes module scripts and modulepreloads, not stylesheets, icons or JSON data blocks', () => {
    const html = `<head>
      <link rel="icon" href="/assets/favicon.svg" />
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b.js">
      <link rel="stylesheet" href="/assets/index-c.css">
      <link rel="preload" as="image" href="/media/poster.jpg">
      <script type="application/json" id="data">{"a":"<\\u002fscript>"}</script>
    </head>`;
    expect(initialScriptPaths(html)).toEqual(['/assets/index-a.js', '/assets/react-b.js']);
  });
});
