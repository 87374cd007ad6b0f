import { eq } from 'drizzle-orm';
import { INVITATION_MESSAGES, type ReissuedInvitation } from '@/contracts/invitations';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { DARE_NOT_FOUND } from '../dares/service';
import { invitationChannel, storeNewToken } from './create-invitation';

/**
 * POST /api/dares/{id}/invitation: the creator's new link for a challenge whose link was
 * lost (only its hash is kept, so the old one cannot be shown again). The new hash
 * replaces the old one, which stops working. Someone else's dare is "not found".
 */
export async function reissueInvitation(
  ctx: AppContext,
  dareId: number,
  userId: number,
): Promise<ReissuedInvitation> {
  return ctx.db.transaction(async (tx) => {
    // Locked: an accept of the old link waits for this and then finds it replaced.
    const [dare] = await tx.select().from(dares).where(eq(dares.id, dareId)).for('update');
    if (!dare || dare.creatorId !== userId) throw notFound(DARE_NOT_FOUND);
    const channel = invitationChannel(dare);
    if (!channel) throw conflict(INVITATION_MESSAGES.notInvitable);
    if (dare.acceptedBy !== null) throw conflict(INVITATION_MESSAGES.accepted);
    const open = dare.status === 'pending' || dare.status === 'active';
    if (!open || dare.expiresAt.getTime() <= Date.now()) throw conflict(INVITATION_MESSAGES.closed);
    const invitationUrl = await storeNewToken(tx, ctx, dare, channel);
    return { invitationUrl, expiresAt: dare.expiresAt.toISOString() };
  });
}
