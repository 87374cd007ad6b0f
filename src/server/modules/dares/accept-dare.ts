import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { UserRole } from '@/contracts/moderation-values';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { publishDareChanged } from '../live/dare-changed';
import { assertDarePledgeable, assertDareVisible } from '../moderation/dare-access';
import { DARE_NOT_FOUND } from './service';

export const ACCEPT_MESSAGES = {
  notPublic: 'Only public challenges can be accepted',
  ownDare: "You can't accept your own dare",
  taken: 'Someone has already accepted this dare',
  closed: 'This dare is no longer open',
} as const;

/**
 * Takes on a public challenge (DESIGN.md section 5): anyone but the creator, while nobody
 * has and no moderator holds it. One guarded update, so of two people accepting at once
 * exactly one wins.
 */
export async function acceptPublicChallenge(
  ctx: AppContext,
  dareId: number,
  user: { id: number; role: UserRole },
) {
  const userId = user.id;
  const won = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(dares)
      .set({ acceptedBy: userId, acceptedAt: sql`now()`, takerId: userId, updatedAt: sql`now()` })
      .where(
        and(
          eq(dares.id, dareId),
          eq(dares.isPublicChallenge, true),
          isNull(dares.acceptedBy),
          ne(dares.creatorId, userId),
          inArray(dares.status, ['pending', 'active']),
          gt(dares.expiresAt, sql`now()`),
          isNull(dares.moderationState),
        ),
      )
      .returning();
    // The creator's open page of the dare shows who took it on.
    if (row) await publishDareChanged(tx, row.id, [row.creatorId]);
    return row;
  });
  if (won) return won;

  // Nothing changed: say why, from the dare as it is now.
  const [dare] = await ctx.db.select().from(dares).where(eq(dares.id, dareId)).limit(1);
  if (!dare) throw notFound(DARE_NOT_FOUND);
  assertDareVisible(dare, user);
  if (!dare.isPublicChallenge) throw forbidden(ACCEPT_MESSAGES.notPublic);
  if (dare.creatorId === userId) throw forbidden(ACCEPT_MESSAGES.ownDare);
  if (dare.acceptedBy !== null) throw conflict(ACCEPT_MESSAGES.taken);
  // Held for review: nobody takes it on (nor pledges) until a moderator approves it.
  assertDarePledgeable(dare);
  throw conflict(ACCEPT_MESSAGES.closed);
}
