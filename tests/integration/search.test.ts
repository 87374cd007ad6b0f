import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_MAX } from '@/contracts/limits';
import type { SearchDaresPage, SearchPeoplePage } from '@/contracts/search';
import { submissions, users } from '@/server/db/schema';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let userCounter = 0;
async function insertUser(username: string, displayName: string | null = null) {
  userCounter += 1;
  const [user] = await t.app.ctx.db
    .insert(users)
    .values({ email: `search${userCounter}@example.com`, username, displayName, passwordHash: 'x' })
    .returning();
  return user!;
}

async function search(params: Record<string, string>, ip = '10.0.0.1') {
  const response = await t.app.inject({
    url: `/api/search?${new URLSearchParams(params)}`,
    remoteAddress: ip,
  });
  if (response.statusCode >= 500)
    throw new Error(`search ${response.statusCode}: ${response.body}`);
  return { status: response.statusCode, body: response.json() };
}
const people = async (q: string) =>
  ((await search({ q, type: 'people' })).body as SearchPeoplePage).items.map((p) => p.username);
const dareTitles = async (q: string) =>
  ((await search({ q, type: 'dares' })).body as SearchDaresPage).items.map((d) => d.title);

describe('search: people', () => {
  beforeAll(async () => {
    await insertUser('skater_sam', 'Samantha Rollins');
    await insertUser('SamuelB', 'Sam Baker');
    await insertUser('jordan.k', 'Jordan Kowalski');
    await insertUser('maxpower', 'Maximilian Ortega');
    await insertUser('percent_guy', '100% Real');
  });

  it('finds usernames by prefix, whatever the case, exact and prefix matches first', async () => {
    // A username prefix ranks above a display-name prefix ("Samantha Rollins").
    expect(await people('sam')).toEqual(['SamuelB', 'skater_sam']);
    expect(await people('SAM')).toEqual(['SamuelB', 'skater_sam']);
    expect(await people('jordan.k')).toEqual(['jordan.k']);
    expect(await people('JOR')).toEqual(['jordan.k']);
    expect(await people('@jordan')).toEqual(['jordan.k']);
    expect(await people('@')).toEqual([]);
  });

  it('finds people by display name: prefix, a later word, a typo', async () => {
    expect(await people('Maximil')).toEqual(['maxpower']);
    expect(await people('kowal')).toEqual(['jordan.k']);
    expect(await people('Kowalsky')).toEqual(['jordan.k']);
  });

  it('limits a one-letter query to username prefixes', async () => {
    expect(await people('j')).toEqual(['jordan.k']);
    // "R" starts "Rollins" and "Real" but no username.
    expect(await people('r')).toEqual([]);
  });

  it('treats LIKE wildcards as the characters they are', async () => {
    expect(await people('%')).toEqual([]);
    expect(await people('_')).toEqual([]);
    expect(await people('100%')).toEqual(['percent_guy']);
    // As wildcards these would match "sam" and "Baker".
    expect(await people('s_m')).toEqual([]);
    expect(await people('b_ker')).toEqual([]);
    expect(await people('t_g')).toEqual(['percent_guy']);
  });
});

describe('search: dares', () => {
  let hidden: Array<{ id: number; title: string }>;
  beforeAll(async () => {
    const creator = await insertUser('dare_maker', 'Dare Maker');
    const db = t.app.ctx.db;
    const base = { creatorId: creator.id };
    await createDare(db, {
      ...base,
      title: 'Backflip into the lake',
      description: 'I will do a backflip off the pier in November',
    });
    await createDare(db, {
      ...base,
      title: 'Eat the ghost pepper',
      description: 'One whole pepper, no milk, filmed start to finish',
    });
    await createDare(db, {
      ...base,
      title: 'Sing at the station',
      description: 'Karaoke classics by the lake for commuters during rush hour',
    });
    await createDare(db, {
      ...base,
      title: 'Crème brûlée in one bite',
      description: 'Torch included, spoon optional',
    });
    const completed = await createDare(db, {
      ...base,
      status: 'completed',
      title: 'Juggling chainsaws',
      description: 'Three foam chainsaws for ten seconds',
    });
    await db.insert(submissions).values({
      dareId: completed.id,
      userId: creator.id,
      videoUrl: '/media/demo/proof.mp4',
      status: 'approved',
      votingEndsAt: new Date(),
    });
    // What the public feed hides: no video, a private challenge, a failed dare, a completed
    // dare without an approved proof.
    hidden = await Promise.all([
      createDare(db, { ...base, title: 'Secret backflip', pitchVideo: null }),
      createDare(db, {
        ...base,
        title: 'Private backflip challenge',
        dareType: 'challenge',
        recipientType: 'email',
        takerId: null,
      }),
      createDare(db, { ...base, title: 'Failed backflip', status: 'failed' }),
      createDare(db, { ...base, title: 'Unproven backflip', status: 'completed' }),
    ]);
  });

  it('finds dares by a title word, a description word and a prefix of the last word', async () => {
    expect(await dareTitles('ghost')).toEqual(['Eat the ghost pepper']);
    expect(await dareTitles('karaoke')).toEqual(['Sing at the station']);
    expect(await dareTitles('COMMUTERS rush')).toEqual(['Sing at the station']);
    expect(await dareTitles('backfl')).toEqual(['Backflip into the lake']);
    expect(await dareTitles('ghost pep')).toEqual(['Eat the ghost pepper']);
    expect(await dareTitles('juggl')).toEqual(['Juggling chainsaws']);
    expect(await dareTitles('CRÈME brû')).toEqual(['Crème brûlée in one bite']);
  });

  it('ranks a title match above a description match', async () => {
    expect(await dareTitles('lake')).toEqual(['Backflip into the lake', 'Sing at the station']);
  });

  it('forgives a typo in a title word', async () => {
    expect(await dareTitles('backflp')).toContain('Backflip into the lake');
    expect(await dareTitles('chainsws')).toContain('Juggling chainsaws');
  });

  it('never returns what the public feed hides', async () => {
    const found = (await search({ q: 'backflip', type: 'dares', limit: '20' }))
      .body as SearchDaresPage;
    const ids = found.items.map((d) => d.id);
    for (const dare of hidden) expect(ids).not.toContain(dare.id);
    expect(found.items.map((d) => d.title)).toEqual(['Backflip into the lake']);
  });

  it('answers what a result row shows, money in dollars', async () => {
    const { body } = await search({ q: 'ghost', type: 'dares' });
    expect(body.items[0]).toMatchObject({
      title: 'Eat the ghost pepper',
      status: 'active',
      currentAmount: 0,
      targetAmount: 50,
    });
  });

  it('looks for dares from two characters', async () => {
    expect(await dareTitles('e')).toEqual([]);
    expect(await dareTitles('gh')).toEqual(['Eat the ghost pepper']);
  });
});

describe('search: paging and hostile input', () => {
  it('pages each section so that every result comes exactly once', async () => {
    const creator = await insertUser('pager_person', null);
    for (let i = 0; i < 25; i++) {
      await insertUser(`zebra${String(i).padStart(2, '0')}`, `Zebra number ${i}`);
      await createDare(t.app.ctx.db, {
        creatorId: creator.id,
        title: `Zebra crossing ${i}`,
        description: 'Walk the zebra crossing backwards',
      });
    }
    for (const type of ['people', 'dares'] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const params: Record<string, string> = { q: 'zebra', type, limit: '7' };
        if (cursor) params.cursor = cursor;
        const { status, body } = await search(params, `10.0.1.${pages}`);
        expect(status).toBe(200);
        seen.push(...body.items.map((item: { id: number }) => item.id));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
    }
  });

  it('refuses forged cursors and another section cursor', async () => {
    const first = await search({ q: 'zebra', type: 'people', limit: '5' });
    const forged = [
      first.body.nextCursor.slice(0, -2),
      Buffer.from(JSON.stringify(['people', SEARCH_RESULTS_MAX])).toString('base64url'),
      Buffer.from(JSON.stringify(['people', -5])).toString('base64url'),
      Buffer.from(JSON.stringify(['people', 1.5])).toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ];
    for (const cursor of forged) {
      const { status } = await search({ q: 'zebra', type: 'people', cursor });
      expect(status).toBe(400);
    }
    const { status, body } = await search({
      q: 'zebra',
      type: 'dares',
      cursor: first.body.nextCursor,
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Invalid cursor: use the nextCursor of the previous page');
  });

  it('answers hostile input without a server error', async () => {
    const inputs = [
      '%',
      '%%%',
      '_',
      "'",
      "o'brien",
      '"quoted" words',
      "'; DROP TABLE dares; --",
      '\\',
      'a & b | !c',
      'zebra:*',
      '(((',
      '<->',
      '🦓 zebra',
      'x'.repeat(100),
      'zebra '.repeat(16).trim(),
    ];
    for (const q of inputs) {
      for (const type of ['people', 'dares']) {
        const { status } = await search({ q, type }, '10.0.2.1');
        expect(status, `${type} ${q}`).toBe(200);
      }
    }
    const refused = [
      { q: 'a\u0000b', message: 'Search contains characters that are not allowed' },
      { q: 'x'.repeat(101), message: 'Search must be at most 100 characters' },
      { q: '   ', message: 'Enter something to search for' },
    ];
    for (const { q, message } of refused) {
      const { status, body } = await search({ q, type: 'dares' }, '10.0.2.2');
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    }
    expect((await search({ type: 'dares' }, '10.0.2.2')).status).toBe(400);
    expect((await search({ q: 'zebra', type: 'videos' }, '10.0.2.2')).status).toBe(400);
  });

  it('limits how often one caller searches', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 125; i++) {
      answers.push((await search({ q: 'zebra', type: 'people' }, '10.0.3.1')).status);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(120);
    expect(answers.at(-1)).toBe(429);
    // Someone else is not affected.
    expect((await search({ q: 'zebra', type: 'people' }, '10.0.3.2')).status).toBe(200);
  });
});
