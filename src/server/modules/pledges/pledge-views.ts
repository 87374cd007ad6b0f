import { desc, eq } from 'drizzle-orm';
import { centsToDollars } from '@/contracts/money';
import type { PledgeView } from '@/contracts/pledges';
import type { Db } from '../../db/client';
import { dares, pledges } from '../../db/schema';

const columns = {
  pledge: pledges,
  dare: {
    id: dares.id,
    title: dares.title,
    status: dares.status,
    coverImage: dares.coverImage,
    pitchPoster: dares.pitchPoster,
  },
};
type Joined = { pledge: typeof pledges.$inferSelect; dare: PledgeView['dare'] };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What the owner of a pledge sees: never the client secret or the gateway's ids. */
export function toPledgeView({ pledge, dare }: Joined): PledgeView {
  return {
    id: pledge.id,
    dareId: pledge.dareId,
    userId: pledge.userId,
    amount: centsToDollars(pledge.amountCents),
    status: pledge.status,
    captured: pledge.captured,
    createdAt: pledge.createdAt.toISOString(),
    authorizedAt: iso(pledge.authorizedAt),
    captureBefore: iso(pledge.captureBefore),
    actionRequiredAt: iso(pledge.actionRequiredAt),
    dare,
  };
}

export async function pledgeViewById(db: Db, pledgeId: number): Promise<PledgeView | null> {
  const [row] = await db
    .select(columns)
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .where(eq(pledges.id, pledgeId));
  return row ? toPledgeView(row) : null;
}

/** The viewer's pledges, newest first (the index pledges_user_idx serves this order). */
export async function pledgeViewsOfUser(db: Db, userId: number): Promise<PledgeView[]> {
  const rows = await db
    .select(columns)
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .where(eq(pledges.userId, userId))
    .orderBy(desc(pledges.createdAt), desc(pledges.id))
    .limit(500);
  return rows.map(toPledgeView);
}
