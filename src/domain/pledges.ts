/**
 * A pledge is "live" while it counts toward its dare: its card hold is in place
 * (authorized), a renewal needs the pledger's action (still counted for 48 h), or it was
 * captured. dares.currentAmount is always the sum of the live pledges (DESIGN.md section 4).
 */
export const LIVE_PLEDGE_STATUSES = ['authorized', 'requires_action', 'captured'] as const;
export type LivePledgeStatus = (typeof LIVE_PLEDGE_STATUSES)[number];

export function isLivePledge(status: string): status is LivePledgeStatus {
  return (LIVE_PLEDGE_STATUSES as readonly string[]).includes(status);
}

/**
 * Pledges are taken while a dare is Funding or Active and before it expires (spec section 4).
 * The server refuses the rest; the screens stop inviting pledges by the same rule.
 */
export function isOpenForPledges(
  dare: { status: string; expiresAt: Date | string },
  now: Date = new Date(),
): boolean {
  const open = dare.status === 'pending' || dare.status === 'active';
  return open && new Date(dare.expiresAt).getTime() > now.getTime();
}
