import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUSH_BODY_MAX, PUSH_TITLE_MAX } from '@/contracts/limits';
import { pushSubscriptionBodySchema } from '@/contracts/push';
import { renderNotification } from '@/domain/notification-text';
import { decodeBase64Url, isP256PublicKey, pushKeyProblem } from '@/domain/push-keys';
import {
  cutText,
  messagePush,
  notificationPush,
  parsePushPayload,
  safeAppPath,
} from '@/domain/push-payload';

/** Issue 22 item 5: the pure parts of push (decision 0053). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const browserKey = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey();
};

describe('push subscription keys', () => {
  it('decodes base64url like node does, and refuses what is not base64url', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(decodeBase64Url(text)).toEqual(Uint8Array.from(bytes));
        expect(decodeBase64Url(`${text}${'='.repeat((4 - (text.length % 4)) % 4)}`)).toEqual(
          Uint8Array.from(bytes),
        );
      }),
    );
    for (const bad of ['a+b/', 'abc!', 'a', 'ab c', 'AB==C'])
      expect(decodeBase64Url(bad)).toBeNull();
  });

  it("takes every browser's P-256 key and no random 65 bytes", () => {
    for (let i = 0; i < 50; i += 1) expect(isP256PublicKey(browserKey())).toBe(true);
    // A random x has a point about half the time; a random (x, y) pair almost never.
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (xy) => {
        expect(isP256PublicKey(Uint8Array.from([4, ...xy]))).toBe(false);
      }),
    );
    const key = browserKey();
    const flipped = Uint8Array.from(key);
    flipped[64] = flipped[64]! ^ 1;
    expect(isP256PublicKey(flipped)).toBe(false);
    expect(isP256PublicKey(Uint8Array.from([2, ...key.subarray(1, 33)]))).toBe(false);
  });

  it('names the key that is wrong', () => {
    const p256dh = browserKey().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    expect(pushKeyProblem({ p256dh, auth })).toBeNull();
    expect(pushKeyProblem({ p256dh: auth, auth })).toBe('p256dh');
    expect(pushKeyProblem({ p256dh, auth: p256dh })).toBe('auth');
    expect(pushKeyProblem({ p256dh, auth: randomBytes(12).toString('base64url') })).toBe('auth');
  });

  it('the request schema takes what a browser sends (expirationTime included)', () => {
    const body = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: {
        p256dh: browserKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    expect(pushSubscriptionBodySchema.safeParse(body).success).toBe(true);
    expect(pushSubscriptionBodySchema.safeParse({ ...body, keys: {} }).success).toBe(false);
  });
});

describe('push payloads', () => {
  it("a notification's push: its text, detail and in-app link", () => {
    const rendered = renderNotification(
      'proof_submitted',
      { dareTitle: 'Eat a lemon', takerName: 'Tia' },
      12,
    );
    expect(notificationPush(7, rendered)).toEqual({
      title: 'Proof submitted for "Eat a lemon": vote now',
      body: 'Tia submitted a proof video. Watch it and vote within 24 hours.',
      url: '/dares/12?vote=1',
      tag: 'notification-7',
      notificationId: 7,
    });
  });

  it("a message's push: one tag per conversation, the text on one line and cut", () => {
    const payload = messagePush({
      conversationId: 3,
      senderName: 'Sam',
      content: `a\n\n${'b'.repeat(500)}`,
    });
    expect(payload).toMatchObject({
      title: 'New message from Sam',
      url: '/inbox/3',
      tag: 'conversation-3',
    });
    expect(Array.from(payload.body)).toHaveLength(PUSH_BODY_MAX);
    expect(payload.body.startsWith('a b')).toBe(true);
    expect(payload.body.endsWith('…')).toBe(true);
  });

  it('cuts by characters, never inside an emoji', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.integer({ min: 2, max: 200 }),
        (text, max) => {
          const cut = cutText(text, max);
          expect(Array.from(cut).length).toBeLessThanOrEqual(max);
          // No lone surrogate: every emoji is whole or gone.
          expect(cut).not.toMatch(LONE_SURROGATE);
        },
      ),
    );
  });

  it('keeps tap targets inside the app', () => {
    for (const good of ['/', '/dares/12', '/dares/12?vote=1', '/inbox/3', '/fund/4#x']) {
      expect(safeAppPath(good)).toBe(good);
    }
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/dares/1\nx',
      '/dares/ 1',
      'dares/1',
      '',
      42,
      null,
    ]) {
      expect(safeAppPath(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        const path = safeAppPath(text);
        if (path !== null)
          expect(new URL(path, 'https://darefund.app').origin).toBe('https://darefund.app');
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a payload defensively: foreign links become /, missing words refuse it', () => {
    expect(parsePushPayload({ title: 'Hi', body: 'there', url: '/inbox/1', tag: 't' })).toEqual({
      title: 'Hi',
      body: 'there',
      url: '/inbox/1',
      tag: 't',
    });
    expect(parsePushPayload({ title: 'Hi', url: 'https://evil.example' })).toMatchObject({
      url: '/',
      body: '',
    });
    expect(parsePushPayload({ title: 'x'.repeat(500) })!.title).toHaveLength(PUSH_TITLE_MAX);
    for (const bad of [null, 'text', 3, {}, { title: '' }, { title: 5 }]) {
      expect(parsePushPayload(bad)).toBeNull();
    }
  });
});
