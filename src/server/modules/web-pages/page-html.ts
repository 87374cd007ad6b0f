import {
  INITIAL_DATA_ELEMENT_ID,
  type InitialData,
  SPLASH_BACKDROP_CLASSES,
  SPLASH_BACKDROP_MARKER,
} from '@/contracts/initial-data';

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
  /** `/` and /discover: the first slide's poster, behind the splash (splashBackdropHtml). */
  splashBackdrop: string | null;
  data: InitialData;
}

/**
 * The first slide's poster behind the splash (SPLASH_BACKDROP_CLASSES, which React's Splash
 * renders too): the feed then opens onto the image already painted, and the page's largest
 * image shows with the first paint instead of after the splash and the scripts.
 */
export function splashBackdropHtml(poster: string): string {
  const { image, shade } = SPLASH_BACKDROP_CLASSES;
  return `<img src="${escapeAttribute(poster)}" alt="" class="${image}"><span aria-hidden="true" class="${shade}"></span>`;
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
  const backdrop = screen.splashBackdrop ? splashBackdropHtml(screen.splashBackdrop) : '';
  return indexHtml
    .replace(/<\/title>/, (end) => (preloads ? `${end}\n    ${preloads}` : end))
    .replace(SPLASH_BACKDROP_MARKER, () => backdrop)
    .replace(/<\/body>/, (end) => `  ${data}\n  ${end}`);
}
