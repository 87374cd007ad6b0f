// Relative: the server bundle loads domain files without the `@/` alias.
import { MODERATION_MESSAGES } from '../contracts/moderation-values';
import { isSuspended } from './moderation-roles';

type Suspension = { suspendedAt: Date | null; suspendedUntil: Date | null };

/** 'December 3, 2026': the end of a suspension as a person reads it (UTC, like the server). */
export function formatSuspensionEnd(until: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(until);
}

/**
 * Why a suspended account cannot sign in (issue 21 item 4), in the spec's words: until its
 * end date, or for good. Null when the account is not suspended at `now`.
 */
export function suspensionMessage(user: Suspension, now = new Date()): string | null {
  if (!isSuspended(user, now)) return null;
  return user.suspendedUntil
    ? MODERATION_MESSAGES.suspendedUntil(formatSuspensionEnd(user.suspendedUntil))
    : MODERATION_MESSAGES.suspended;
}
