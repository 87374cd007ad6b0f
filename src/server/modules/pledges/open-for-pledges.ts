import { PLEDGE_MESSAGES } from '@/contracts/pledges';
import { isOpenForPledges } from '@/domain/pledges';
import type { dares } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import { assertDarePledgeable } from '../moderation/dare-access';

type DareState = Pick<typeof dares.$inferSelect, 'status' | 'expiresAt' | 'moderationState'>;

export { isOpenForPledges };

/**
 * Whether a card hold that has just authorized may count toward its dare (payment-events): the
 * dare still takes pledges and no moderator removed it, whatever its status says, so a hold
 * never lives on a removed dare. A dare under review keeps a pledge begun before it was hidden:
 * restored, it counts; removed, its release tells the pledger (remove-dare.ts).
 */
export const takesAuthorization = (
  dare: { status: string; expiresAt: Date | string; moderationState: string | null },
  now = new Date(),
): boolean => dare.moderationState !== 'removed' && isOpenForPledges(dare, now);

/** A dare a moderator holds or removed first (409 / 410), then its own state and deadline. */
export function assertOpenForPledges(dare: DareState, now = new Date()): void {
  assertDarePledgeable(dare);
  if (dare.expiresAt <= now) throw unprocessable(PLEDGE_MESSAGES.expired, 'dare_expired');
  if (!isOpenForPledges(dare, now)) throw unprocessable(PLEDGE_MESSAGES.notOpen, 'dare_closed');
}
