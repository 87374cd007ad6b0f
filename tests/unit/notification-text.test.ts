import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationInput } from '@/contracts/notifications';
import { formatCents, renderNotification } from '@/domain/notification-text';
import { notificationEmail } from '@/server/modules/email/template';
import { relativeTime } from '@/web/features/notifications/lib/relative-time';

const dareTitle = 'Eat a <lemon> & smile';
const EXAMPLES: {
  [K in NotificationInput['kind']]: Extract<NotificationInput, { kind: K }>['data'];
} = {
  pledge_received: { dareTitle, amountCents: 2500, pledgerName: 'Pat' },
  pledge_cancelled: { dareTitle, amountCents: 2500, pledgerName: 'Pat' },
  goal_reached: { dareTitle, amountCents: 10_000 },
  proof_submitted: { dareTitle, takerName: 'Sam' },
  dare_completed: { dareTitle, role: 'pledger' },
  proof_rejected: { dareTitle, role: 'taker' },
  dare_failed: { dareTitle, role: 'creator', reason: 'expired' },
  card_charged: { dareTitle, amountCents: 1234, pledgeId: 9 },
  hold_released: { dareTitle, amountCents: 500, pledgeId: 9 },
  payout_sent: { dareTitle, amountCents: 9000 },
  payout_waiting: { dareTitle, amountCents: 9000 },
  hold_renewal_failed: { dareTitle, amountCents: 700, pledgeId: 9 },
  dare_request_received: { dareTitle, amountCents: 500, senderName: 'Ada' },
  dare_request_accepted: { dareTitle, amountCents: 500, recipientName: 'Bo' },
  dare_request_declined: { dareTitle, amountCents: 500, recipientName: 'Bo' },
  dare_request_expired: { dareTitle, amountCents: 500, recipientName: 'Bo' },
  challenge_received: { dareTitle, amountCents: 4000, creatorName: 'Casey' },
  challenge_accepted: { dareTitle, takerName: 'Riley' },
  challenge_declined: { dareTitle, declinerName: 'Riley' },
  new_follower: { followerId: 7, followerName: 'Pat <3', followerUsername: 'pat' },
  achievement_unlocked: {
    achievementName: 'first_dare',
    title: 'First Dare',
    description: 'Create your first dare',
    points: 10,
    rarity: 'common',
  },
  dare_removed: { dareTitle },
  moderation_warning: { reason: 'Spam in the comments' },
  report_resolved: { targetType: 'comment', outcome: 'removed' },
};

/** Kinds about a person rather than a dare, or worded without its title (moderation). */
const PERSON_KINDS: ReadonlySet<string> = new Set([
  'new_follower',
  'achievement_unlocked',
  'dare_removed',
  'moderation_warning',
  'report_resolved',
]);

describe('notification text', () => {
  it('renders every kind with its dare, a detail and a link', () => {
    for (const kind of NOTIFICATION_KINDS) {
      if (PERSON_KINDS.has(kind)) continue;
      const out = renderNotification(kind, EXAMPLES[kind] as never, 42);
      expect(out.text).toContain(`"${dareTitle}"`);
      expect(out.detail.length).toBeGreaterThan(10);
      expect(out.href).toMatch(/^\/(dares\/42|pledge\/9\/payment|dare-requests$|fund\/42$)/);
    }
  });

  it('says the money, the people and where to act', () => {
    const r = (kind: NotificationInput['kind']) =>
      renderNotification(kind, EXAMPLES[kind] as never, 42);
    expect(r('pledge_received').text).toBe(`Pat pledged $25.00 to "${dareTitle}"`);
    expect(r('card_charged').text).toBe(`Your card was charged $12.34 for "${dareTitle}"`);
    expect(r('proof_submitted').href).toBe('/dares/42?vote=1');
    expect(r('hold_renewal_failed').href).toBe('/pledge/9/payment');
    expect(r('hold_renewal_failed').detail).toContain('within 48 hours');
    expect(r('proof_rejected').detail).toBe('You can submit another proof before the deadline.');
    expect(r('payout_waiting').detail).toBe('Set up your payout account to receive it.');
    expect(r('challenge_received').text).toBe(`Casey challenged you: "${dareTitle}"`);
    expect(r('challenge_received').href).toBe('/dare-requests');
    expect(r('challenge_accepted').text).toBe(`Riley accepted your challenge "${dareTitle}"`);
    expect(r('challenge_declined').text).toBe(`Riley declined your challenge "${dareTitle}"`);
  });

  it('words the outcome for the taker, the creator and pledgers', () => {
    const completed = (role: 'taker' | 'creator' | 'pledger') =>
      renderNotification('dare_completed', { dareTitle: 'X', role }, 1).text;
    expect(completed('taker')).toBe('Your proof for "X" was approved');
    expect(completed('creator')).toBe('"X" was completed: the proof was approved');
    const failed = renderNotification(
      'dare_failed',
      { dareTitle: 'X', role: 'pledger', reason: 'rejected' },
      1,
    );
    expect(failed.detail).toContain('The proof was rejected and the deadline has passed.');
  });

  it('tells the sender and the recipient of a dare request where to act', () => {
    const r = (kind: NotificationInput['kind'], dareId: number | null) =>
      renderNotification(kind, EXAMPLES[kind] as never, dareId);
    expect(r('dare_request_received', null).text).toBe(
      `Ada sent you a dare request: "${dareTitle}"`,
    );
    expect(r('dare_request_received', null).href).toBe('/dare-requests');
    // The sender is offered to pledge on the dare their request became.
    expect(r('dare_request_accepted', 42).text).toBe(
      `Bo accepted your dare request "${dareTitle}"`,
    );
    expect(r('dare_request_accepted', 42).href).toBe('/fund/42');
    expect(r('dare_request_declined', null).text).toBe(
      `Bo declined your dare request "${dareTitle}"`,
    );
    expect(r('dare_request_expired', null).text).toBe(`Your dare request "${dareTitle}" expired`);
  });

  it("tells of a new follower with a link to the follower's profile", () => {
    const out = renderNotification('new_follower', EXAMPLES.new_follower, null);
    expect(out.text).toBe('Pat <3 (@pat) started following you');
    expect(out.href).toBe('/users/7');
    const email = notificationEmail('https://darefund.example', 'a@example.com', 'Ann', {
      userId: 1,
      dareId: null,
      kind: 'new_follower',
      data: EXAMPLES.new_follower,
    });
    expect(email.text).toContain('https://darefund.example/users/7');
    expect(email.html).toContain('Pat &lt;3 (@pat) started following you');
  });

  it('announces an unlocked achievement with its points and links to the dashboard', () => {
    const out = renderNotification('achievement_unlocked', EXAMPLES.achievement_unlocked, null);
    expect(out).toEqual({
      text: 'Achievement Unlocked! First Dare',
      detail: 'Create your first dare. +10 points.',
      href: '/achievements',
    });
  });

  it("words a moderator's decisions (issue 21): the removal in the spec's words, the warning's reason", () => {
    const removed = renderNotification('dare_removed', EXAMPLES.dare_removed, 42);
    expect(removed.text).toBe(
      'A dare you pledged to was removed for breaking the rules. The hold on your card was released.',
    );
    expect(removed.detail).toContain(`"${dareTitle}"`);
    expect(removed.href).toBe('/dares/42');
    const warning = renderNotification('moderation_warning', EXAMPLES.moderation_warning, null);
    expect(warning.detail).toContain('Spam in the comments');
    const resolved = (outcome: 'no_violation' | 'removed' | 'action_taken') =>
      renderNotification('report_resolved', { targetType: 'comment', outcome }, null).text;
    expect(resolved('removed')).toBe('The comment you reported was removed');
    expect(resolved('no_violation')).toBe('We reviewed the comment you reported');
    expect(resolved('action_taken')).toBe('We took action on the comment you reported');
  });

  it('formats cents as dollars with cents', () => {
    expect(formatCents(500)).toBe('$5.00');
    expect(formatCents(123_456)).toBe('$1234.56');
  });

  it('emails the same words as text and escaped HTML, with the absolute link', () => {
    const email = notificationEmail('https://darefund.example', 'a@example.com', 'Ann <3', {
      userId: 1,
      dareId: 42,
      kind: 'pledge_received',
      data: EXAMPLES.pledge_received,
    });
    expect(email.subject).toBe(`Pat pledged $25.00 to "${dareTitle}"`);
    expect(email.text).toContain('https://darefund.example/dares/42');
    expect(email.text).toContain('Hi Ann <3,');
    expect(email.html).toContain('Hi Ann &lt;3,');
    expect(email.html).toContain('Eat a &lt;lemon&gt; &amp; smile');
    expect(email.html).not.toContain('<lemon>');
    expect(email.html).toContain('href="https://darefund.example/dares/42"');
  });

  it('tells the time relative to now', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(relativeTime('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:55:00Z', now)).toBe('5m ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now)).toBe('3h ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('2d ago');
    expect(relativeTime('2026-10-01T12:00:00Z', now)).toBe('Oct 1');
  });
});
