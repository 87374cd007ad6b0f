import { describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID } from '@/contracts/initial-data';
import { jsonForHtml, withFirstScreen } from '@/server/modules/web-pages/page-html';
import { type Manifest, routeChunkResolver } from '@/server/modules/web-pages/route-chunks';

const INDEX = `<!doctype html><html><head><title>Darefund</title>
<script type="module" crossorigin src="/assets/index-a.js"></script></head>
<body><div id="root"><div role="status"><!--splash-backdrop--><span>Loading...</span></div></div></body></html>`;

describe('jsonForHtml', () => {
  it('cannot close the script element or open a comment, and parses back to the value', () => {
    const value = { title: "</script><script>alert(1)</script><!-- & \u2028 \u2029 $& $'" };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('withFirstScreen', () => {
  it('adds the preloads after the title and the data block before </body>', () => {
    const html = withFirstScreen(INDEX, {
      leadImage: '/media/demo/a "b".jpg',
      splashBackdrop: null,
      modulePreloads: ['/assets/feed-page-x.js'],
      data: { user: null },
    });
    expect(html).toContain(
      '<title>Darefund</title>\n    <link rel="preload" as="image" fetchpriority="high" href="/media/demo/a &#34;b&#34;.jpg">',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/feed-page-x.js">');
    expect(html).toMatch(
      new RegExp(
        `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">\\{"user":null\\}</script>\\s*</body>`,
      ),
    );
  });

  it('keeps replacement patterns in the data as text', () => {
    const html = withFirstScreen(INDEX, {
      leadImage: null,
      splashBackdrop: "/media/$'$&.jpg",
      modulePreloads: [],
      data: { user: null, feed: { items: [], nextCursor: "$'$&" } },
    });
    expect(html).toContain('"nextCursor":"$\'$\\u0026"');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<img src="/media/$&#39;$&#38;.jpg" alt=""');
  });

  it("paints the feed's first poster behind the splash, in the first slide's box, else nothing", () => {
    const html = withFirstScreen(INDEX, {
      leadImage: '/media/demo/p.jpg',
      splashBackdrop: '/media/demo/p.jpg',
      modulePreloads: [],
      data: { user: null },
    });
    expect(html).toMatch(
      /<div role="status"><img src="\/media\/demo\/p\.jpg" alt="" class="[^"]*h-\[calc\(100dvh-3\.5rem-env\(safe-area-inset-bottom\)\)\][^"]*object-cover"><span aria-hidden="true" class="absolute inset-0 bg-canvas\/60"><\/span><span>Loading\.\.\.<\/span>/,
    );
    const none = withFirstScreen(INDEX, {
      leadImage: null,
      splashBackdrop: null,
      modulePreloads: [],
      data: { user: null },
    });
    expect(none).toContain('<div role="status"><span>Loading...</span>');
  });
});

describe('routeChunkResolver', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-b.js' },
    '_tabs.js': { file: 'assets/tabs-c.js', imports: ['_react.js'] },
    'src/web/features/feed/pages/feed-page.tsx': {
      file: 'assets/feed-page-d.js',
      imports: ['_tabs.js', '_react.js', 'index.html'],
    },
  };

  it("lists a screen's chunks the entry does not load, dependencies first", () => {
    const chunks = routeChunkResolver(manifest);
    expect(chunks('/')).toEqual(['/assets/tabs-c.js', '/assets/feed-page-d.js']);
  });

  it("finds a screen whose chunk Rolldown merged shared modules into (keyed by the chunk's name)", () => {
    const merged: Manifest = {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: ['_profile-page-e.js'],
      },
      '_react.js': { file: 'assets/react-b.js' },
      '_profile-page-e.js': {
        file: 'assets/profile-page-e.js',
        name: 'profile-page',
        imports: ['_tabs.js', '_react.js'],
      },
      '_tabs.js': { file: 'assets/tabs-c.js', imports: ['_react.js'] },
      '_profile-page-f.js': { file: 'assets/profile-page-f.js', name: 'profile-page' },
    };
    expect(routeChunkResolver(merged)('/profile')).toEqual([
      '/assets/tabs-c.js',
      '/assets/profile-page-e.js',
    ]);
  });

  it('lists nothing for other paths, a screen missing from the build, or no manifest', () => {
    expect(routeChunkResolver(manifest)('/notifications')).toEqual([]);
    expect(routeChunkResolver(manifest)('/trending')).toEqual([]);
    expect(routeChunkResolver(null)('/')).toEqual([]);
  });
});
