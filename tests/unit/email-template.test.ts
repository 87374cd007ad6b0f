import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_LABELS } from '@/contracts/notification-settings';
import { NOTIFICATION_KINDS } from '@/contracts/notifications';
import { loadConfig } from '@/server/config';
import { composeEmail } from '@/server/modules/email/compose';
import { htmlFromText, notificationEmail, renderBody } from '@/server/modules/email/template';
import {
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from '@/server/modules/email/unsubscribe-token';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123';
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: 'https://darefund.example',
  SESSION_SECRET: SECRET,
  DATA_DIR: '/tmp/darefund-unit',
  MAIL_FROM: 'Darefund <no-reply@darefund.example>',
});

describe('email template', () => {
  it('renders one body as text and escaped HTML with the same words and link', () => {
    const body = renderBody({
      greeting: 'Hi Ann <3,',
      headline: 'Eat a <lemon> & smile.',
      paragraphs: ['Say "yes"'],
      action: { label: 'Open', url: 'https://darefund.example/dares/1?a=1&b=2' },
    });
    expect(body.text).toBe(
      'Hi Ann <3,\n\nEat a <lemon> & smile.\n\nSay "yes"\n\nOpen: https://darefund.example/dares/1?a=1&b=2',
    );
    expect(body.html).toContain('Hi Ann &lt;3,');
    expect(body.html).toContain('Eat a &lt;lemon&gt; &amp; smile.');
    expect(body.html).toContain('Say &quot;yes&quot;');
    expect(body.html).toContain('href="https://darefund.example/dares/1?a=1&amp;b=2"');
    expect(body.html).not.toContain('<lemon>');
  });

  it("a notification's email carries its kind and account for the settings", () => {
    const email = notificationEmail('https://darefund.example', 'a@example.com', 'Ann', {
      userId: 7,
      dareId: 42,
      kind: 'goal_reached',
      data: { dareTitle: 'Run <fast>', amountCents: 5000 },
    });
    expect(email).toMatchObject({ to: 'a@example.com', kind: 'goal_reached', userId: 7 });
    expect(email.subject).toBe('Your dare "Run <fast>" reached its goal');
    expect(email.html).toContain('href="https://darefund.example/dares/42"');
  });

  it('turns a text-only body into escaped paragraphs with clickable links', () => {
    const html = htmlFromText('Hello <b>\nline two\n\nOpen https://x.example/invite/a?b=1&c=2 now');
    expect(html).toContain('Hello &lt;b&gt;<br>line two');
    expect(html).toContain('<a href="https://x.example/invite/a?b=1&amp;c=2">');
    expect(html.match(/<p /g)).toHaveLength(2);
  });

  it('lays out every message: header, body, footer with a working unsubscribe link, both parts', () => {
    const message = composeEmail(config, {
      id: 5,
      to: 'Ann@Example.com',
      subject: 'Hello <you>',
      text: 'Body text',
      html: '<p>Body html</p>',
      kind: 'payout_sent',
      userId: 9,
      createdAt: new Date('2026-11-24T12:00:00Z'),
    });
    expect(message.from).toBe('Darefund <no-reply@darefund.example>');
    expect(message.text).toMatch(/^Darefund\n\nBody text\n/);
    const link = /Unsubscribe from emails like this: (\S+)/.exec(message.text)![1]!;
    expect(link.startsWith('https://darefund.example/unsubscribe?token=')).toBe(true);
    expect(message.headers['List-Unsubscribe']).toBe(`<${link}>`);
    expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(message.html).toContain('<p>Body html</p>');
    expect(message.html).toContain(`href="${link}"`);
    expect(message.html).toContain('<title>Hello &lt;you&gt;</title>');
    expect(verifyUnsubscribeToken(SECRET, new URL(link).searchParams.get('token')!)).toEqual({
      email: 'ann@example.com',
      kind: 'payout_sent',
      userId: 9,
    });
    expect(message.messageId).toBe(
      `<outbox-5.${Date.parse('2026-11-24T12:00:00Z')}@darefund.example>`,
    );
    // No HTML queued: the layout makes one from the text.
    const textOnly = composeEmail(config, {
      id: 6,
      to: 'b@example.com',
      subject: 's',
      text: 'Visit https://darefund.example/invite/x',
      html: null,
      kind: 'challenge_invitation',
      userId: null,
      createdAt: new Date(),
    });
    expect(textOnly.html).toContain('<a href="https://darefund.example/invite/x">');
  });

  it('has a label for every notification kind', () => {
    for (const kind of NOTIFICATION_KINDS) expect(NOTIFICATION_KIND_LABELS[kind]).toBeTruthy();
  });
});

describe('unsubscribe tokens', () => {
  it('round-trip what they name, with or without an account', () => {
    const token = signUnsubscribeToken(SECRET, {
      email: 'A@b.co',
      kind: 'goal_reached',
      userId: 3,
    });
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({
      email: 'a@b.co',
      kind: 'goal_reached',
      userId: 3,
    });
    const anonymous = signUnsubscribeToken(SECRET, {
      email: 'x@y.z',
      kind: 'challenge_invitation',
    });
    expect(verifyUnsubscribeToken(SECRET, anonymous)).toEqual({
      email: 'x@y.z',
      kind: 'challenge_invitation',
    });
    // URL-safe as it is.
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuse anything not signed by us for exactly that claim', () => {
    const token = signUnsubscribeToken(SECRET, {
      email: 'a@b.co',
      kind: 'goal_reached',
      userId: 3,
    });
    const [payload, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ e: 'a@b.co', k: 'goal_reached', u: 4 })).toString(
      'base64url',
    );
    for (const bad of [
      `${altered}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.`,
      payload,
      `${token}.x`,
      '',
      'not-a-token',
      signUnsubscribeToken('some-other-secret-some-other-secret-01', {
        email: 'a@b.co',
        kind: 'x',
      }),
    ]) {
      expect(verifyUnsubscribeToken(SECRET, bad), bad).toBeNull();
    }
    // Signed but not a claim (a payload someone got signed some other way is still checked).
    expect(verifyUnsubscribeToken(SECRET, `${payload}${signature}`)).toBeNull();
  });
});
