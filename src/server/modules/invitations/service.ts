import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { INVITATION_MESSAGES, type InvitationView } from '@/contracts/invitations';
import { centsToDollars } from '@/contracts/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { challengeInvitations, dares, users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { SessionUser } from '../auth/session-store';
import { notify } from '../notifications/notify';
import { countingMisses, findLiveInvitation, invalidInvitation } from './lookup';

const nameOf = (user: Pick<SessionUser, 'displayName' | 'username'>) =>
  user.displayName || user.username;

/** GET /api/invitations/{token}: the dare it invites to, for anyone holding the link. */
export async function getInvitation(
  ctx: AppContext,
  token: string,
  address: string,
): Promise<InvitationView> {
  return countingMisses(ctx, address, async () => {
    const found = await findLiveInvitation(ctx.db, ctx, token);
    if (!found) throw invalidInvitation();
    const { dare, invitation } = found;
    const [creator] = await ctx.db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        profilePicture: users.profilePicture,
      })
      .from(users)
      .where(eq(users.id, dare.creatorId));
    if (!creator) throw invalidInvitation();
    return {
      dareId: dare.id,
      title: dare.title,
      description: dare.description,
      targetAmount: centsToDollars(dare.targetAmountCents),
      coverImage: dare.coverImage,
      expiresAt: dare.expiresAt.toISOString(),
      channel: invitation.channel === 'phone' ? 'phone' : 'email',
      creator,
    };
  });
}

/**
 * POST /api/invitations/{token}/accept: the caller becomes the dare's taker. One
 * transaction: the invitation and its dare are locked, the invitation is used (guarded on
 * being unused) and the dare taken (guarded on having no taker), and the creator is told.
 * Of many concurrent accepts exactly one wins; the rest find no live invitation (404).
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  user: SessionUser,
  address: string,
) {
  return countingMisses(ctx, address, () =>
    ctx.db.transaction(async (tx) => {
      const found = await markInvitation(tx, ctx, token, user, {
        ownMessage: INVITATION_MESSAGES.ownChallenge,
        set: { usedAt: sql`now()`, usedBy: user.id },
      });
      const [dare] = await tx
        .update(dares)
        .set({
          takerId: user.id,
          acceptedBy: user.id,
          acceptedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(dares.id, found.dare.id), isNull(dares.acceptedBy)))
        .returning();
      if (!dare) throw invalidInvitation();
      await notify(tx, ctx.config.publicUrl, {
        userId: dare.creatorId,
        dareId: dare.id,
        kind: 'challenge_accepted',
        data: { dareTitle: dare.title, takerName: nameOf(user) },
      });
      return dare;
    }),
  );
}

/**
 * POST /api/invitations/{token}/decline: the invitation stops working and the creator is
 * told; the dare stays open without a taker (its creator may send a new link).
 */
export async function declineInvitation(
  ctx: AppContext,
  token: string,
  user: SessionUser,
  address: string,
): Promise<{ declined: true }> {
  return countingMisses(ctx, address, () =>
    ctx.db.transaction(async (tx) => {
      const found = await markInvitation(tx, ctx, token, user, {
        ownMessage: INVITATION_MESSAGES.ownDecline,
        set: { declinedAt: sql`now()`, declinedBy: user.id },
      });
      await notify(tx, ctx.config.publicUrl, {
        userId: found.dare.creatorId,
        dareId: found.dare.id,
        kind: 'challenge_declined',
        data: { dareTitle: found.dare.title, declinerName: nameOf(user) },
      });
      return { declined: true as const };
    }),
  );
}

/**
 * Accept and decline alike: lock the live invitation, refuse its creator, and mark it used
 * or declined with one guarded update, so of concurrent answers exactly one counts.
 */
async function markInvitation(
  tx: Tx,
  ctx: AppContext,
  token: string,
  user: SessionUser,
  answer: { ownMessage: string; set: PgUpdateSetSource<typeof challengeInvitations> },
) {
  const found = await findLiveInvitation(tx, ctx, token, { lock: true });
  if (!found) throw invalidInvitation();
  if (found.dare.creatorId === user.id) throw forbidden(answer.ownMessage);
  const [marked] = await tx
    .update(challengeInvitations)
    .set(answer.set)
    .where(
      and(
        eq(challengeInvitations.id, found.invitation.id),
        isNull(challengeInvitations.usedAt),
        isNull(challengeInvitations.declinedAt),
      ),
    )
    .returning({ id: challengeInvitations.id });
  if (!marked) throw invalidInvitation();
  return found;
}
