import { eq } from 'drizzle-orm';
import type { InvitationView } from '@/contracts/invitations';
import { centsToDollars } from '@/contracts/money';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { SessionUser } from '../auth/session-store';
import { answerChallenge, type ChallengeAnswer } from './answer-challenge';
import { countingMisses, findLiveInvitation, invalidInvitation } from './lookup';

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
 * POST /api/invitations/{token}/accept: the caller becomes the dare's taker, in one
 * transaction with the invitation and its dare locked (answerChallenge). Of many
 * concurrent accepts exactly one wins; the rest find no live invitation (404).
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  user: SessionUser,
  address: string,
) {
  return answerByToken(ctx, token, user, address, 'accept');
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
  await answerByToken(ctx, token, user, address, 'decline');
  return { declined: true };
}

function answerByToken(
  ctx: AppContext,
  token: string,
  user: SessionUser,
  address: string,
  answer: ChallengeAnswer,
) {
  return countingMisses(ctx, address, () =>
    ctx.db.transaction(async (tx) => {
      const found = await findLiveInvitation(tx, ctx, token, { lock: true });
      if (!found) throw invalidInvitation();
      return answerChallenge(tx, ctx, found, user, answer);
    }),
  );
}
