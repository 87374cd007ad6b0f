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
  /** `/` and /discover: the first slide's poster, behind the splash (splashBackdropHtml). */
  splashBackdrop: string | null;
  data: InitialData;
}

/**
 * The feed's first poster behind the splash, in the box the feed's first slide takes (the
 * screen above the bottom navigation), dimmed so the splash's words stay readable. The same
 * markup as Splash({ backdrop }) in src/web/app/layout/splash.tsx: change both together. The
 * feed then opens onto the image already painted, and the page's largest image shows with
 * the first paint instead of after the splash and the scripts.
 */
export function splashBackdropHtml(poster: string): string {
  return `<img src="${escapeAttribute(poster)}" alt="" class="absolute inset-x-0 top-0 h-[calc(100dvh-3.5rem-env(safe-area-inset-bottom))] w-full object-cover"><span aria-hidden="true" class="absolute inset-0 bg-canvas/60"></span>`;
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
    .replace('<!--splash-backdrop-->', () => backdrop)
    .replace(/<\/body>/, (end) => `  ${data}\n  ${end}`);
}
