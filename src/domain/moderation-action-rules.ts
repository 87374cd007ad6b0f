// Relative: the server bundle loads domain files without the `@/` alias.
import { MODERATION_ACTION_MESSAGES as WORDS } from '../contracts/moderation-action-values';
import type { ModerationAction, UserRole } from '../contracts/moderation-values';
import { isModerator } from './moderation-roles';

/** Actions on the target's OWNER's account: they work from any target (a comment, a dare...). */
export const OWNER_ACTIONS: readonly ModerationAction[] = ['warn', 'suspend', 'unsuspend'];

type Account = { id: number; role: UserRole; deletedAt: Date | null };

/**
 * Why a moderator's action cannot be taken, as the 400 answer's words, or null (issue 21).
 * Checked before anything is written; state conflicts (already removed, not suspended) are
 * found by the guarded updates themselves, so parallel twins get them too (409).
 * - `until` belongs to a suspension only, and must be ahead of `now`;
 * - warn, suspend and unsuspend act on the target's owner: there must still be one, it is not
 *   the moderator, and only an admin acts on another moderator's account.
 */
export function actionRefusal(
  input: { action: ModerationAction; until?: Date | null },
  moderator: Account,
  owner: Account | null,
  now: Date,
): string | null {
  if (input.until) {
    if (input.action !== 'suspend') return WORDS.untilOnlyForSuspend;
    if (input.until.getTime() <= now.getTime()) return WORDS.untilInPast;
  }
  if (!OWNER_ACTIONS.includes(input.action)) return null;
  if (!owner || owner.deletedAt) return WORDS.noOwner;
  if (owner.id === moderator.id) return WORDS.notYourself;
  if (isModerator(owner) && moderator.role !== 'admin') return WORDS.staffAccount;
  return null;
}
