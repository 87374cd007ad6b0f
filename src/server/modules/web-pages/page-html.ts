import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@/contracts/initial-data';

/**
 * JSON that is safe inside a `<script type="application/json">` element: `<` can never
 * start `</script>` or `<!--`, and U+2028/U+2029 are escaped too. JSON.parse reads it as is.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface FirstScreenHtml {
  /** The screen's chunks beyond the entry's (route-chunks.ts). */
  modulePreloads: string[];
  /** The largest image of the first screen, fetched at high priority with the HTML. */
  leadImage: string | null;
  data: InitialData;
}

/**
 * index.html with what the first screen needs named up front: its image and code as
 * preloads at the top of <head>, its data as a JSON block (data, not script: the CSP
 * allows no inline scripts and needs none).
 */
export function withFirstScreen(indexHtml: string, screen: FirstScreenHtml): string {
  const preloads = [
    ...(screen.leadImage
      ? [
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(screen.leadImage)}">`,
        ]
      : []),
    ...screen.modulePreloads.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ].join('\n    ');
  const data = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForHtml(screen.data)}</script>`;
  // Functions, not strings: `$&`, `$'` in the data must not be read as replacement patterns.
  return indexHtml
    .replace(/<\/title>/, (end) => (preloads ? `${end}\n    ${preloads}` : end))
    .replace(/<\/body>/, (end) => `  ${data}\n  ${end}`);
}
