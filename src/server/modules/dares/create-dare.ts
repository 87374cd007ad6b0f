import type { z } from 'zod';
import { type createDareSchema, DARE_MESSAGES } from '@/contracts/dares';
import { EMAIL_CHALLENGES_PER_HOUR, PROFILE_PICTURE_MAX_BYTES } from '@/contracts/limits';
import { dollarsToCents, hasAtMostTwoDecimals } from '@/contracts/money';
import { fundingDeadline, fundingDurationOf } from '@/domain/funding-duration';
import { isDataUrl } from '../../adapters/media/data-url';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { recordProgress } from '../achievements/record-progress';
import {
  type CreatedInvitation,
  createChallengeInvitation,
} from '../invitations/create-invitation';
import { scheduleDareExpiry } from '../lifecycle/expire-dares';
import { checkCaptions } from '../media/captions';
import { deleteMedia, isOwnMedia, posterOf, resolveImageField } from '../media/service';
import { holdForReview, refuseDangerousDare, screenedState } from './screen-dare';

export type CreateDareInput = z.output<typeof createDareSchema>;

/**
 * Creates a self dare (the creator takes it on) or a challenge to someone by email or
 * phone (they become the taker when they accept its invitation, created in the same
 * transaction). Public challenges go live only together with their funding:
 * createFundedPublicDare in create-public-dare.ts.
 *
 * `invitation` says how a challenge's invitation goes out: a phone challenge's link is the
 * creator's to send (there is no SMS provider), and so is an email challenge's when it was
 * not emailed (no mailer configured: decision 0036).
 */
export async function createDare(
  ctx: AppContext,
  creatorId: number,
  input: CreateDareInput,
): Promise<{ dare: typeof dares.$inferSelect; invitation?: CreatedInvitation }> {
  if (input.dareType === 'challenge' && !isPublicChallengeInput(input)) {
    // Each one sends the creator's words to an address they choose: not a relay for spam.
    await takeRateLimit(ctx.db, {
      key: `email-challenges:user:${creatorId}`,
      limit: EMAIL_CHALLENGES_PER_HOUR,
      windowSeconds: 60 * 60,
    });
  }
  const prepared = await prepareDare(ctx, creatorId, input);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(dares).values(prepared.values).returning();
      await holdForReview(tx, row!, prepared.screening);
      await scheduleDareExpiry(tx, row!);
      const invitation = await createChallengeInvitation(tx, ctx, row!);
      await recordProgress(tx, ctx.config.publicUrl, creatorId, 'dares_created');
      return invitation ? { dare: row!, invitation } : { dare: row! };
    });
  } catch (error) {
    await prepared.discardStoredFiles();
    throw error;
  }
}

export const isPublicChallengeInput = (
  input: Pick<CreateDareInput, 'recipientType' | 'isPublicChallenge'>,
) => input.recipientType === 'public' || input.isPublicChallenge === true;

/**
 * Checks the form against the server's rules and stores a cover sent as a data URL; the
 * caller inserts the values (a dare the danger screen held starts 'under_review': the
 * caller passes `screening` to holdForReview in the same transaction), and on failure calls
 * `discardStoredFiles`.
 */
export async function prepareDare(ctx: AppContext, creatorId: number, input: CreateDareInput) {
  const screening = refuseDangerousDare(input.title, input.description);
  if (!hasAtMostTwoDecimals(input.targetAmount))
    throw badRequest('Amounts can have at most 2 decimals');

  // Only the form's durations (spec: 3, 7, 14, 30 days), measured on the server's clock.
  const now = new Date();
  const days = fundingDurationOf(new Date(input.expiresAt), now);
  if (days === null) throw badRequest(DARE_MESSAGES.duration);
  const expiresAt = fundingDeadline(days, now);

  const pitchVideo = await ownMediaOrNull(ctx, input.pitchVideo, 'video/');
  if (input.dareType === 'self' && !pitchVideo) throw badRequest(DARE_MESSAGES.pitchVideo);
  const pitchCaptions = await checkCaptions(ctx.db, creatorId, {
    url: input.pitchCaptions,
    video: pitchVideo,
    purpose: 'pitch-captions',
  });
  const coverImage = await coverImageUrl(ctx, input.coverImage ?? null, creatorId);
  const pitchPoster = pitchVideo ? await posterOf(ctx, pitchVideo) : null;
  const isChallenge = input.dareType === 'challenge';

  const values = {
    creatorId,
    title: input.title,
    description: input.description,
    targetAmountCents: dollarsToCents(input.targetAmount),
    category: input.category,
    contentRating: input.contentRating,
    coverImage,
    pitchVideo,
    pitchPoster,
    pitchCaptions,
    dareType: input.dareType,
    recipientType: isChallenge ? (input.recipientType ?? null) : null,
    recipientContact: isChallenge ? (input.recipientContact ?? null) : null,
    takerId: input.dareType === 'self' ? creatorId : null,
    isPublicChallenge: false,
    expiresAt,
    moderationState: screenedState(screening),
  } satisfies typeof dares.$inferInsert;
  const discardStoredFiles = async () => {
    if (coverImage && isDataUrl(input.coverImage ?? '')) await deleteMedia(ctx, coverImage);
  };
  return { values, screening, discardStoredFiles };
}

/**
 * A cover sent as a data URL is stored now (as `userId`'s upload); an address must be one of
 * our stored images.
 */
export async function coverImageUrl(
  ctx: AppContext,
  value: string | null,
  userId: number,
): Promise<string | null> {
  if (!value) return null;
  if (!isDataUrl(value)) {
    const url = await ownMediaOrNull(ctx, value, 'image/');
    if (!url) throw badRequest('Invalid File', 'invalid_file');
    return url;
  }
  const rules = {
    maxBytes: PROFILE_PICTURE_MAX_BYTES,
    tooLargeMessage: 'Image must be less than 5MB',
    invalidMessage: 'Invalid File',
  };
  return resolveImageField(ctx, value, null, rules, { userId, purpose: 'cover' });
}

/** Only files we stored may be referenced (isOwnMedia). */
async function ownMediaOrNull(
  ctx: AppContext,
  value: string | null | undefined,
  typePrefix: 'video/' | 'image/',
): Promise<string | null> {
  if (!value) return null;
  const kind = typePrefix === 'video/' ? 'video' : 'image';
  if (!(await isOwnMedia(ctx, value, kind))) {
    throw badRequest(kind === 'video' ? DARE_MESSAGES.pitchVideo : 'Invalid File');
  }
  return value;
}
