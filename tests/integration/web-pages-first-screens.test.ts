import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@/contracts/initial-data';
import { findSession } from '@/server/modules/auth/session-store';
import { firstScreenFor } from '@/server/modules/web-pages/initial-data';
import { withFirstScreen } from '@/server/modules/web-pages/page-html';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 23 item 5: the HTML of /discover (and its search), /users/{id}, /achievements, /inbox
 * and /dare-requests carries its first screen's data, exactly the API's answers for that
 * viewer, escaped for the page, and the private ones only for their owner.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const IP = '127.0.0.1';
const SCRIPT = '</script><script>alert(1)</script><!--';

/** The signed-in viewer behind a `sid=...` cookie, as spa.ts finds it. */
async function viewerOf(cookie: string) {
  const viewer = await findSession(t.app.ctx, cookie.split(';')[0]!.split('=')[1]!);
  if (!viewer) throw new Error('no session');
  return viewer;
}

async function screen(url: string, cookie?: string): Promise<InitialData> {
  return (await firstScreenFor(t.app.ctx, url, cookie ? await viewerOf(cookie) : null, IP)).data;
}

const api = async (url: string, cookie?: string) => {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

/** The data block of a page built from `data`, read back as the browser reads it. */
function blockOf(data: InitialData): { html: string; parsed: unknown } {
  const html = withFirstScreen('<html><head><title>x</title></head><body></body></html>', {
    data,
    leadImage: null,
    splashBackdrop: null,
    modulePreloads: [],
  });
  const match = new RegExp(
    `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return { html, parsed: JSON.parse(match![1]!) };
}

describe('first screens in the page (issue 23 item 5)', () => {
  it('/discover carries the first page of public dares, as GET /api/dares/public answers', async () => {
    const { cookie } = await registerUser(t.app);
    expect((await screen('/discover')).publicDares).toEqual(await api('/api/dares/public'));
    expect((await screen('/discover', cookie)).publicDares).toEqual(
      await api('/api/dares/public', cookie),
    );
  });

  it('/discover?q= carries both search sections for the query, and no feed', async () => {
    const { user } = await registerUser(t.app, { displayName: 'Zebulon Searchable' });
    await createDare(t.app.ctx.db, { creatorId: user.id, title: 'Zebulon juggles' });
    const data = await screen('/discover?q=%20zebulon%20');
    expect(data.publicDares).toBeUndefined();
    expect(data.search?.q).toBe('zebulon');
    expect(data.search?.people).toEqual(await api('/api/search?q=zebulon&type=people'));
    expect(data.search?.dares).toEqual(await api('/api/search?q=zebulon&type=dares'));
    // An empty query is the feed, as the search box reads it.
    expect((await screen('/discover?q=%20%20')).search).toBeUndefined();
  });

  it('/users/{id} carries the profile and its first page of dares as this viewer sees them', async () => {
    const owner = await registerUser(t.app);
    const fan = await registerUser(t.app);
    await createDare(t.app.ctx.db, { creatorId: owner.user.id, title: `Mine ${SCRIPT}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${owner.user.id}/follow`,
      headers: { cookie: fan.cookie },
    });
    const url = `/users/${owner.user.id}`;
    const anonymous = await screen(url);
    expect(anonymous.userProfile?.profile).toEqual(await api(`/api/users/${owner.user.id}`));
    expect(anonymous.userProfile?.dares).toEqual(await api(`/api/dares/user/${owner.user.id}`));
    const asFan = await screen(url, fan.cookie);
    expect(asFan.userProfile?.profile).toEqual(
      await api(`/api/users/${owner.user.id}`, fan.cookie),
    );
    // The owner's own id goes to /profile; a missing user asks the API (its 404 page).
    expect((await screen(url, owner.cookie)).userProfile).toBeUndefined();
    expect((await screen('/users/999999999')).userProfile).toBeUndefined();

    // The dare's title cannot end the data block; the page reads it back unchanged.
    const { html, parsed } = blockOf(anonymous);
    expect(html).not.toContain(SCRIPT);
    expect(parsed).toEqual(anonymous);
  });

  it('/achievements carries the catalogue with the viewer progress, and their stats', async () => {
    const { cookie, user } = await registerUser(t.app);
    const anonymous = await screen('/achievements');
    expect(anonymous.achievements).toEqual({ list: await api('/api/achievements'), stats: null });
    const own = await screen('/achievements', cookie);
    expect(own.achievements).toEqual({
      list: await api('/api/achievements', cookie),
      stats: await api(`/api/users/${user.id}/stats`),
    });
  });

  it('/inbox carries the conversations of the signed-in viewer only', async () => {
    const maya = await registerUser(t.app);
    const leo = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { participants: [leo.user.id] },
      headers: { cookie: maya.cookie },
    });
    const conversationId = started.json().id as number;
    const secret = `Private plans ${SCRIPT}`;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { content: secret },
      headers: { cookie: maya.cookie },
    });
    expect(sent.statusCode).toBe(201);

    const own = await screen('/inbox', leo.cookie);
    expect(own.conversations).toEqual(await api('/api/conversations', leo.cookie));
    expect(JSON.stringify(own.conversations)).toContain('Private plans');
    const { html, parsed } = blockOf(own);
    expect(html).not.toContain(SCRIPT);
    expect(parsed).toEqual(own);

    for (const other of [await screen('/inbox'), await screen('/inbox', stranger.cookie)]) {
      expect(JSON.stringify(other)).not.toContain('Private plans');
    }
    expect((await screen('/inbox')).conversations).toBeUndefined();
    expect((await screen('/inbox', stranger.cookie)).conversations).toEqual([]);
  });

  it('/dare-requests carries the open tab of the signed-in viewer only', async () => {
    const sender = await registerUser(t.app);
    const recipient = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const calls = dareRequestCalls(t.app);
    const title = 'Secret request: sing "loud" & proud';
    const sent = await calls.send(
      sender.cookie,
      requestBody({ recipientId: recipient.user.id, dareTitle: title }),
    );
    expect(sent.statusCode).toBe(201);

    const received = await screen('/dare-requests', recipient.cookie);
    expect(received.dareRequests).toEqual({
      type: 'received',
      items: (await calls.list(recipient.cookie, 'received')).json(),
    });
    expect(received.dareRequests?.items.map((item) => item.dareTitle)).toEqual([title]);
    const sentTab = await screen('/dare-requests?tab=sent', sender.cookie);
    expect(sentTab.dareRequests).toEqual({
      type: 'sent',
      items: (await calls.list(sender.cookie, 'sent')).json(),
    });
    expect(blockOf(received).parsed).toEqual(received);

    expect((await screen('/dare-requests')).dareRequests).toBeUndefined();
    const strangers = await screen('/dare-requests', stranger.cookie);
    expect(strangers.dareRequests?.items).toEqual([]);
    expect(JSON.stringify(strangers)).not.toContain('Secret request');
  });

  it('sends a signed-in page private and uncached, varying on the cookie', async () => {
    const { cookie } = await registerUser(t.app);
    const own = await t.app.inject({ url: '/inbox', headers: { cookie } });
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers.vary).toContain('Cookie');
    const anonymous = await t.app.inject({ url: '/inbox' });
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.body).not.toContain('"conversations"');
  });
});
