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
