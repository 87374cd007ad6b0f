import { PLEDGE_MESSAGES } from '@/contracts/pledges';
import { isOpenForPledges } from '@/domain/pledges';
import type { dares } from '../../db/schema';
import { unprocessable } from '../../lib/errors';

type DareState = Pick<typeof dares.$inferSelect, 'status' | 'expiresAt'>;

export { isOpenForPledges };

export function assertOpenForPledges(dare: DareState, now = new Date()): void {
  if (dare.expiresAt <= now) throw unprocessable(PLEDGE_MESSAGES.expired, 'dare_expired');
  if (!isOpenForPledges(dare, now)) throw unprocessable(PLEDGE_MESSAGES.notOpen, 'dare_closed');
}
