import {
  MODERATION_MESSAGES,
  type ModerationState,
  type UserRole,
} from '@/contracts/moderation-values';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { isModerator } from '@/domain/moderation-roles';
import { conflict, gone, notFound } from '../../lib/errors';

/**
 * THE rules of who may see and pledge to a dare a moderator is looking at (issue 21, DESIGN.md
 * section 10), for every path that reads or pledges to a single dare.
 */
type ModeratedDare = { creatorId: number; moderationState: ModerationState | null };
type Viewer = { id: number; role: UserRole } | null | undefined;

/**
 * A removed dare is 410 with the spec's words to everyone but moderators; one under review
 * (held by the danger screen, or hidden by reports) is seen by its creator and moderators
 * only, and is the same 404 as a missing dare to everyone else.
 */
export function assertDareVisible(dare: ModeratedDare, viewer: Viewer): void {
  if (!dare.moderationState || (viewer && isModerator(viewer))) return;
  if (dare.moderationState === 'removed')
    throw gone(MODERATION_MESSAGES.dareRemoved, 'dare_removed');
  if (viewer?.id !== dare.creatorId) throw notFound(PLEDGE_MESSAGES.dareNotFound);
}

/** Nobody pledges to a dare under review (409) or removed (410), whoever they are. */
export function assertDarePledgeable(dare: Pick<ModeratedDare, 'moderationState'>): void {
  if (dare.moderationState === 'removed')
    throw gone(MODERATION_MESSAGES.dareRemoved, 'dare_removed');
  if (dare.moderationState === 'under_review') {
    throw conflict(MODERATION_MESSAGES.dareUnderReview, 'dare_under_review');
  }
}

/** Whether a dare's content may go out to anyone who asks (a share preview, a bot). */
export const isPubliclyVisible = (dare: Pick<ModeratedDare, 'moderationState'>) =>
  dare.moderationState === null;
