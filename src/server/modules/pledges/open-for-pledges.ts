import { PLEDGE_MESSAGES } from '@/contracts/pledges';
import type { dares } from '../../db/schema';
import { unprocessable } from '../../lib/errors';

type DareState = Pick<typeof dares.$inferSelect, 'status' | 'expiresAt'>;

/** Pledges are taken while a dare is Funding or Active and before it expires (spec section 4). */
export function isOpenForPledges(dare: DareState, now = new Date()): boolean {
  return (dare.status === 'pending' || dare.status === 'active') && dare.expiresAt > now;
}

export function assertOpenForPledges(dare: DareState, now = new Date()): void {
  if (dare.expiresAt <= now) throw unprocessable(PLEDGE_MESSAGES.expired, 'dare_expired');
  if (!isOpenForPledges(dare, now)) throw unprocessable(PLEDGE_MESSAGES.notOpen, 'dare_closed');
}
