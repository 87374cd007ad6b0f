import { DARE_MESSAGES } from '@/contracts/dare-values';
import type { DangerCategory } from '@/domain/dangerous-dare-patterns';
import { screenDare } from '@/domain/dare-screening';
import type { Tx } from '../../db/client';
import { unprocessable } from '../../lib/errors';
import { openModerationCase } from '../reports/moderation-case';

/**
 * THE server's check of a new dare's words (dares, public challenges, dare requests) against
 * the danger list (domain/dangerous-dare-patterns.ts): a clear match is refused with the
 * spec's warning before anything is stored or charged. A likely match is let through and
 * its category returned: the dare is created 'under_review' (holdForReview), not listed and
 * not open to pledges until a moderator approves it (issue 21 item 6).
 */
export function refuseDangerousDare(
  title: string,
  description?: string | null,
): DangerCategory | null {
  const screened = screenDare(title, description);
  if (screened.verdict === 'refuse') throw unprocessable(DARE_MESSAGES.dangerous, 'dangerous_dare');
  return screened.verdict === 'review' ? screened.category : null;
}

/**
 * A request's words read again when it becomes a dare: anything the list flags (a likely
 * match, or a clear one if the list grew since it was sent) is held for review, not refused:
 * the recipient's acceptance stands.
 */
export function screenedCategory(title: string, description?: string | null) {
  const screened = screenDare(title, description);
  return screened.verdict === 'pass' ? null : screened.category;
}

/** The state a new dare starts in: held for review when the screen found a likely danger. */
export const screenedState = (screening: DangerCategory | null) =>
  screening ? ('under_review' as const) : null;

/**
 * In the dare's creation transaction: a dare the screen held enters the moderation queue,
 * its case saying why (the danger list's category).
 */
export async function holdForReview(
  tx: Tx,
  dare: { id: number; creatorId: number },
  screening: DangerCategory | null,
): Promise<void> {
  if (!screening) return;
  await openModerationCase(tx, {
    targetType: 'dare',
    targetId: dare.id,
    ownerId: dare.creatorId,
    screening,
  });
}
