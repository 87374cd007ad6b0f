/**
 * The words of every notification, rendered from its kind and data in this one place: the
 * notifications screen shows `text` and `detail`, the email uses them as subject and body.
 */
// Relative: the server bundle and drizzle-kit load domain files without the `@/` alias.

import { MODERATION_MESSAGES } from '../contracts/moderation-values';
import type {
  NotificationDataByKind,
  NotificationKind,
  OutcomeRole,
  ReportOutcome,
} from '../contracts/notifications';
import type { ReportTargetType } from '../contracts/reports';

export type RenderedNotification = { text: string; detail: string; href: string };

type Renderers = {
  [K in NotificationKind]: (data: NotificationDataByKind[K], dare: string) => RenderedNotification;
};

/** $12.50; whole dollars keep their cents so amounts line up with the card statement. */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const q = (title: string) => `"${title}"`;

const COMPLETED: Record<OutcomeRole, (t: string) => string> = {
  taker: (t) => `Your proof for ${q(t)} was approved`,
  creator: (t) => `${q(t)} was completed: the proof was approved`,
  pledger: (t) => `${q(t)} was completed: the proof was approved`,
};
const COMPLETED_DETAIL: Record<OutcomeRole, string> = {
  taker: 'The pledges are being collected and paid out to you.',
  creator: 'The pledges are being collected and paid out to the taker.',
  pledger: 'Your pledge is charged now.',
};
const REJECTED: Record<OutcomeRole, (t: string) => string> = {
  taker: (t) => `Your proof for ${q(t)} was rejected`,
  creator: (t) => `The proof for ${q(t)} was rejected`,
  pledger: (t) => `The proof for ${q(t)} was rejected`,
};

const FAILED_BECAUSE: Record<NotificationDataByKind['dare_failed']['reason'], string> = {
  expired: 'The deadline passed before it was done.',
  rejected: 'The proof was rejected and the deadline has passed.',
  account_deleted: 'The account it depended on was deleted, so it can no longer be done.',
};

/** What the reporter called it: 'the dare you reported', ... */
const REPORTED: Record<ReportTargetType, string> = {
  dare: 'dare',
  submission: 'proof',
  comment: 'comment',
  user: 'profile',
  message: 'message',
};
const REPORT_OUTCOME: Record<ReportOutcome, (thing: string) => RenderedNotification> = {
  no_violation: (thing) => ({
    text: `We reviewed the ${thing} you reported`,
    detail: 'It does not break our rules, so it stays up. Thanks for reporting.',
    href: '/notifications',
  }),
  removed: (thing) => ({
    text: `The ${thing} you reported was removed`,
    detail: 'It broke our rules. Thanks for reporting.',
    href: '/notifications',
  }),
  action_taken: (thing) => ({
    text: `We took action on the ${thing} you reported`,
    detail: 'A moderator reviewed it and acted on the account. Thanks for reporting.',
    href: '/notifications',
  }),
};

const RENDER: Renderers = {
  pledge_received: (d, dare) => ({
    text: `${d.pledgerName} pledged ${formatCents(d.amountCents)} to ${q(d.dareTitle)}`,
    detail: 'The hold on their card counts toward your goal.',
    href: dare,
  }),
  pledge_cancelled: (d, dare) => ({
    text: `${d.pledgerName} cancelled their ${formatCents(d.amountCents)} pledge to ${q(d.dareTitle)}`,
    detail: 'It no longer counts toward your goal.',
    href: dare,
  }),
  goal_reached: (d, dare) => ({
    text: `Your dare ${q(d.dareTitle)} reached its goal`,
    detail: `${formatCents(d.amountCents)} pledged. The cards are charged once the proof is approved.`,
    href: dare,
  }),
  proof_submitted: (d, dare) => ({
    text: `Proof submitted for ${q(d.dareTitle)}: vote now`,
    detail: `${d.takerName} submitted a proof video. Watch it and vote within 24 hours.`,
    href: `${dare}?vote=1`,
  }),
  dare_completed: (d, dare) => ({
    text: COMPLETED[d.role](d.dareTitle),
    detail: COMPLETED_DETAIL[d.role],
    href: dare,
  }),
  proof_rejected: (d, dare) => ({
    text: REJECTED[d.role](d.dareTitle),
    detail:
      d.role === 'taker'
        ? 'You can submit another proof before the deadline.'
        : 'The taker can submit another proof before the deadline.',
    href: dare,
  }),
  dare_failed: (d, dare) => ({
    text:
      d.reason === 'account_deleted'
        ? `${q(d.dareTitle)} was cancelled`
        : `${q(d.dareTitle)} failed`,
    detail: `${FAILED_BECAUSE[d.reason]} Every hold was released: nobody was charged.`,
    href: dare,
  }),
  card_charged: (d, dare) => ({
    text: `Your card was charged ${formatCents(d.amountCents)} for ${q(d.dareTitle)}`,
    detail: 'The dare was completed, so your pledge was collected.',
    href: dare,
  }),
  hold_released: (d, dare) => ({
    text: `Your hold of ${formatCents(d.amountCents)} for ${q(d.dareTitle)} was released`,
    detail: 'You were not charged.',
    href: dare,
  }),
  payout_sent: (d, dare) => ({
    text: `Payout sent: ${formatCents(d.amountCents)} for ${q(d.dareTitle)}`,
    detail: 'It is on its way to your payout account.',
    href: dare,
  }),
  payout_waiting: (d, dare) => ({
    text: `${formatCents(d.amountCents)} for ${q(d.dareTitle)} is waiting for your payout account`,
    detail: 'Set up your payout account to receive it.',
    href: dare,
  }),
  hold_renewal_failed: (d) => ({
    text: `Action needed: update your card for ${q(d.dareTitle)}`,
    detail: `We could not renew the hold on your card for your ${formatCents(d.amountCents)} pledge to ${q(d.dareTitle)}. Please update your card within 48 hours, or your pledge will no longer count toward the dare.`,
    href: `/pledge/${d.pledgeId}/payment`,
  }),
  dare_request_received: (d) => ({
    text: `${d.senderName} sent you a dare request: ${q(d.dareTitle)}`,
    detail: `Target: ${formatCents(d.amountCents)}. Accept it to put the dare on your profile; it expires in 7 days.`,
    href: '/dare-requests',
  }),
  // The sender sponsors the accepted dare: the link opens its funding page to pledge on it.
  dare_request_accepted: (d, dare) => ({
    text: `${d.recipientName} accepted your dare request ${q(d.dareTitle)}`,
    detail: `The dare is on their profile now. Pledge toward its ${formatCents(d.amountCents)} target to back it.`,
    href: dare.startsWith('/dares/') ? `/fund/${dare.slice('/dares/'.length)}` : '/dare-requests',
  }),
  dare_request_declined: (d) => ({
    text: `${d.recipientName} declined your dare request ${q(d.dareTitle)}`,
    detail: 'You can send them another one.',
    href: '/dare-requests',
  }),
  dare_request_expired: (d) => ({
    text: `Your dare request ${q(d.dareTitle)} expired`,
    detail: `${d.recipientName} did not answer it within 7 days.`,
    href: '/dare-requests',
  }),
  // Accepting it in Dare Requests makes them the taker of the creator's dare (decision 0036).
  challenge_received: (d) => ({
    text: `${d.creatorName} challenged you: ${q(d.dareTitle)}`,
    detail: `Target: ${formatCents(d.amountCents)} in pledges, paid to you when your proof is approved. Accept it to take it on.`,
    href: '/dare-requests',
  }),
  challenge_accepted: (d, dare) => ({
    text: `${d.takerName} accepted your challenge ${q(d.dareTitle)}`,
    detail: 'They are the taker now: the proof is theirs to submit.',
    href: dare,
  }),
  challenge_declined: (d, dare) => ({
    text: `${d.declinerName} declined your challenge ${q(d.dareTitle)}`,
    detail: 'Nobody has taken it on yet. You can send a new invitation link while it is open.',
    href: dare,
  }),
  new_follower: (d) => ({
    text: `${d.followerName} (@${d.followerUsername}) started following you`,
    detail: 'See their dares on their profile, or follow them back.',
    href: `/users/${d.followerId}`,
  }),
  achievement_unlocked: (d) => ({
    text: `Achievement Unlocked! ${d.title}`,
    detail: `${d.description}. +${d.points} points.`,
    href: '/achievements',
  }),
  // The spec's words exactly (issue 21); the title goes in the detail.
  dare_removed: (d, dare) => ({
    text: MODERATION_MESSAGES.pledgerNotice,
    detail: `${q(d.dareTitle)} is no longer on Darefund. You were not charged.`,
    href: dare,
  }),
  moderation_warning: (d) => ({
    text: 'A moderator warned you',
    detail: `Reason: ${d.reason}. Breaking our rules again may get your account suspended.`,
    href: '/notifications',
  }),
  report_resolved: (d) => REPORT_OUTCOME[d.outcome](REPORTED[d.targetType]),
};

/** The text, detail and in-app link of one notification. */
export function renderNotification<K extends NotificationKind>(
  kind: K,
  data: NotificationDataByKind[K],
  dareId: number | null,
): RenderedNotification {
  return RENDER[kind](data, dareId === null ? '/' : `/dares/${dareId}`);
}
