import { eq } from 'drizzle-orm';
import { isStorableText } from '@/contracts/common';
import type { AppContext } from '../../context';
import { dares, pledges } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { recordProgress } from '../achievements/record-progress';
import { scheduleDareExpiry } from '../lifecycle/expire-dares';
import { inPledgeTransaction, transitionPledge } from '../pledges/pledge-transitions';
import { authorizedPreDareIntent, cancelPreDareIntent } from '../pledges/pre-dare-funding';
import { type CreateDareInput, prepareDare } from './create-dare';
import { holdForReview } from './screen-dare';

const ALREADY_USED = 'This payment already funded a dare';

/**
 * A public challenge is created only together with its creator's authorized funding
 * (DESIGN.md section 5): in one transaction the dare goes in `active`, open to any taker,
 * and the authorized intent becomes its first pledge, counted at once. If anything fails
 * after the card was authorized, the hold is cancelled so nobody keeps a hold for a dare
 * that does not exist; an intent that already funds a dare is left alone.
 */
export async function createFundedPublicDare(
  ctx: AppContext,
  creatorId: number,
  input: CreateDareInput,
) {
  const intent = await authorizedPreDareIntent(ctx, creatorId, input.fundingPaymentIntentId);
  const [used] = await ctx.db
    .select({ id: pledges.id })
    .from(pledges)
    .where(eq(pledges.paymentIntentId, intent.id));
  if (used) throw conflict(ALREADY_USED, 'funding_already_used');

  let prepared: Awaited<ReturnType<typeof prepareDare>> | undefined;
  try {
    prepared = await prepareDare(ctx, creatorId, { ...input, dareType: 'challenge' });
    const { screening } = prepared;
    const values = {
      ...prepared.values,
      recipientType: 'public' as const,
      recipientContact: null,
      isPublicChallenge: true,
      status: 'active' as const,
    };
    return await inPledgeTransaction(ctx, async (tx) => {
      const [dare] = await tx
        .insert(dares)
        .values(values)
        .returning({ id: dares.id, creatorId: dares.creatorId, expiresAt: dares.expiresAt });
      await holdForReview(tx, dare!, screening);
      await scheduleDareExpiry(tx, dare!);
      const [pledge] = await tx
        .insert(pledges)
        .values({
          userId: creatorId,
          dareId: dare!.id,
          amountCents: intent.amountCents,
          paymentIntentId: intent.id,
          clientSecret: intent.clientSecret,
        })
        .returning({ id: pledges.id });
      await transitionPledge(
        tx,
        pledge!.id,
        'authorize',
        {
          authorizedAt: new Date(),
          captureBefore: intent.captureBefore,
          paymentMethodId: intent.paymentMethodId,
        },
        ctx.config.publicUrl,
      );
      await recordProgress(tx, ctx.config.publicUrl, creatorId, 'dares_created');
      const [row] = await tx.select().from(dares).where(eq(dares.id, dare!.id));
      return row!;
    });
  } catch (error) {
    await prepared?.discardStoredFiles();
    // A racing request with the same intent won: that dare owns the hold now.
    if (uniqueViolation(error) === 'pledges_payment_intent_key') {
      throw conflict(ALREADY_USED, 'funding_already_used');
    }
    await cancelPreDareIntent(ctx, creatorId, intent.id);
    throw error;
  }
}

/** For a request refused before the service ran (invalid form): release its funding hold. */
export async function releaseFundingOfRefusedDare(
  ctx: AppContext,
  creatorId: number,
  body: unknown,
): Promise<void> {
  const intentId = (body as { fundingPaymentIntentId?: unknown } | null)?.fundingPaymentIntentId;
  // The body failed validation: only an id that could be ours is looked up.
  if (typeof intentId !== 'string' || intentId.length > 100 || !isStorableText(intentId)) return;
  const [used] = await ctx.db
    .select({ id: pledges.id })
    .from(pledges)
    .where(eq(pledges.paymentIntentId, intentId));
  if (!used) await cancelPreDareIntent(ctx, creatorId, intentId);
}
