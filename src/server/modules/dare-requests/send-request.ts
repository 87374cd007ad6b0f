import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type createDareRequestSchema, DARE_REQUEST_ERRORS } from '@/contracts/dare-requests';
import { DARE_REQUEST_EXPIRY_DAYS, DARE_REQUESTS_PER_HOUR } from '@/contracts/limits';
import { dollarsToCents } from '@/contracts/money';
import { formatCents } from '@/domain/notification-text';
import { isDataUrl } from '../../adapters/media/data-url';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { dareRequests, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { recordProgress } from '../achievements/record-progress';
import { refuseIfBlocked } from '../blocks/is-blocked';
import { coverImageUrl } from '../dares/create-dare';
import { refuseDangerousDare } from '../dares/screen-dare';
import { renderBody } from '../email/template';
import { deleteMedia } from '../media/service';
import { notify } from '../notifications/notify';
import { queueEmail } from '../notifications/outbox';
import { scheduleRequestExpiry } from './expire-requests';
import type { DareRequestRow } from './views';

export type SendDareRequestInput = z.output<typeof createDareRequestSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
type Sender = { id: number; username: string; displayName: string | null };

/**
 * Sends a dare request to a user or an email address (spec section 7). An address that
 * belongs to an account is that user, so the request shows in their Received tab and they
 * are notified; any other address gets an email and sees the request once they sign up
 * with it (Received matches the address too).
 */
export async function sendDareRequest(
  ctx: AppContext,
  sender: Sender,
  input: SendDareRequestInput,
  now = new Date(),
): Promise<DareRequestRow> {
  await takeRateLimit(ctx.db, {
    key: `dare-requests:user:${sender.id}`,
    limit: DARE_REQUESTS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  refuseDangerousDare(input.dareTitle, input.dareDescription);
  const recipient = await findRecipient(ctx, input);
  if (recipient?.id === sender.id) throw badRequest(DARE_REQUEST_ERRORS.self);
  if (recipient) await refuseIfBlocked(ctx.db, sender.id, recipient.id);

  const coverImage = await coverImageUrl(ctx, input.coverImage ?? null, sender.id);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dareRequests)
        .values({
          senderId: sender.id,
          recipientId: recipient?.id ?? null,
          recipientEmail: input.recipientId ? null : (input.recipientEmail ?? null),
          dareTitle: input.dareTitle,
          dareDescription: input.dareDescription || null,
          targetAmountCents: dollarsToCents(input.targetAmount),
          category: input.category,
          contentRating: input.contentRating,
          coverImage,
          expiresAt: new Date(now.getTime() + DARE_REQUEST_EXPIRY_DAYS * DAY_MS),
        })
        .returning();
      await scheduleRequestExpiry(tx, row!);
      await tellRecipient(ctx, tx, row!, sender);
      await recordProgress(tx, ctx.config.publicUrl, sender.id, 'requests_sent');
      return row!;
    });
  } catch (error) {
    if (coverImage && isDataUrl(input.coverImage ?? '')) await deleteMedia(ctx, coverImage);
    throw error;
  }
}

async function findRecipient(ctx: AppContext, input: SendDareRequestInput) {
  const where = input.recipientId
    ? eq(users.id, input.recipientId)
    : sql`lower(${users.email}) = ${(input.recipientEmail ?? '').toLowerCase()}`;
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(where).limit(1);
  if (input.recipientId && !user) throw notFound(DARE_REQUEST_ERRORS.recipientNotFound);
  return user ?? null;
}

const nameOf = (user: { displayName: string | null; username: string }) =>
  user.displayName?.trim() || user.username;

async function tellRecipient(ctx: AppContext, tx: Tx, row: DareRequestRow, sender: Sender) {
  const senderName = nameOf(sender);
  if (row.recipientId) {
    await notify(tx, ctx.config.publicUrl, {
      userId: row.recipientId,
      dareId: null,
      kind: 'dare_request_received',
      data: { dareTitle: row.dareTitle, amountCents: row.targetAmountCents, senderName },
    });
    return;
  }
  // No account yet: the address itself is told, with the way in.
  const link = `${ctx.config.publicUrl}/dare-requests`;
  const subject = `${senderName} sent you a dare request: "${row.dareTitle}"`;
  const detail = `Target: ${formatCents(row.targetAmountCents)}. Sign up with this email address to accept or decline it within ${DARE_REQUEST_EXPIRY_DAYS} days.`;
  await queueEmail(tx, {
    to: row.recipientEmail!,
    subject,
    // An address without an account unsubscribes from requests by this kind (decision 0020).
    kind: 'dare_request_received',
    ...renderBody({
      greeting: 'Hi,',
      headline: `${subject}.`,
      paragraphs: [detail],
      action: { label: 'Open in Darefund', url: link },
    }),
  });
}
