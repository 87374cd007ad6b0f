import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
let page: string;
beforeAll(async () => {
  t = await createTestApp();
  // The page with no dare: what every share preview is built from.
  page = (await t.app.inject({ url: '/' })).body;
});
afterAll(async () => {
  await t.close();
});

/** The page without what each path adds for its first screen (preloads, its data block). */
const withoutFirstScreen = (html: string) =>
  html
    .replace(/\n\s*<link rel="(?:preload|modulepreload)"[^>]*>/g, '')
    .replace(/\s*<script type="application\/json" id="initial-data">.*?<\/script>/s, '');

const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

describe('share preview of /dares/{id}', () => {
  // String.replace reads these in a replacement string: $' pastes the page after the match,
  // $` the page before it, $& the matched tag, $1 a group; none may leak into the tags.
  it.each([
    ["$' after", "Dare $' me now", 'Text with $` and $& and $1 and $$ inside it'],
    ['$` before', 'Go $` go', "Description $' with more words"],
    ['$& and $1', 'Do $& and $1', 'Nothing special in this description'],
    ['a closing tag', '</title><script>x</script>', 'Try </title><script>alert(1)</script>'],
  ])(
    'puts exactly the escaped title and description in the tags (%s)',
    async (_, title, description) => {
      const { user } = await registerUser(t.app);
      const dare = await createDare(t.app.ctx.db, { creatorId: user.id, title, description });
      const response = await t.app.inject({ url: `/dares/${dare.id}` });
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toContain(`<title>${escaped(`${title} · Darefund`)}</title>`);
      expect(body).toContain(
        `<meta property="og:title" content="${escaped(`${title} · Darefund`)}" />`,
      );
      expect(body).toContain(
        `<meta property="og:description" content="${escaped(description)}" />`,
      );
      expect(body).not.toContain('<script>');
      // The rest of the page is intact: one head, one title, everything after the title once.
      expect(body.match(/<title>/g)).toHaveLength(1);
      expect(body.match(/<\/html>/g)).toHaveLength(1);
      const [before, after] = withoutFirstScreen(page).split(/<title>[^<]*<\/title>/);
      expect(withoutFirstScreen(body).startsWith(before ?? '')).toBe(true);
      expect(withoutFirstScreen(body).endsWith(after ?? '')).toBe(true);
    },
  );
});
