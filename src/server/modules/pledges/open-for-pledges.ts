import { PLEDGE_MESSAGES } from '@/contracts/pledges';
import { isOpenForPledges } from '@/domain/pledges';
import type { dares } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import { assertDarePledgeable } from '../moderation/dare-access';

type DareState = Pick<typeof dares.$inferSelect, 'status' | 'expiresAt' | 'moderationState'>;

export { isOpenForPledges };

/** A dare a moderator holds or removed first (409 / 410), then its own state and deadline. */
export function assertOpenForPledges(dare: DareState, now = new Date()): void {
  assertDarePledgeable(dare);
  if (dare.expiresAt <= now) throw unprocessable(PLEDGE_MESSAGES.expired, 'dare_expired');
  if (!isOpenForPledges(dare, now)) throw unprocessable(PLEDGE_MESSAGES.notOpen, 'dare_closed');
}
