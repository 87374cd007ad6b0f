import { readFile } from 'node:fs/promises';
import { count, inArray } from 'drizzle-orm';
import { dollarsToCents } from '@/contracts/money';
import { APPROVE_REASONS, REJECT_REASONS } from '@/contracts/submissions';
import { sniffMediaType } from '../adapters/media/media-types';
import { mediaUrl } from '../adapters/media/storage';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { dareRequests, dares, follows, pledges, submissions, users, votes } from '../db/schema';
import { takeStartupLock } from '../db/startup-lock';
import { fromRoot } from '../lib/project-root';
import { hashPassword } from '../modules/auth/password';
import { recountFollows } from '../modules/follows/follow-counts';
import { scheduleDareExpiry } from '../modules/lifecycle/expire-dares';
import { scheduleResolution } from '../modules/submissions/resolve';
import {
  DEMO_DARES,
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoDare,
  type DemoUserKey,
} from './demo-data';
import { type DemoDareFunding, fundDemoDares } from './demo-funding';
import { addDemoModerator } from './demo-moderator';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Seeds the demo world into an empty database (first start with SEED_DEMO). */
export function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  return seedDemo(ctx, { onlyIntoEmpty: true });
}

/** An empty database (onlyIntoEmpty), else one without the demo users, is to be seeded. */
async function alreadySeeded(db: Db | Tx, options: { onlyIntoEmpty?: boolean }) {
  if (options.onlyIntoEmpty) {
    const [row] = await db.select({ n: count() }).from(users);
    return (row?.n ?? 0) > 0;
  }
  const emails = DEMO_USERS.map((user) => user.email);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, emails))
    .limit(1);
  return existing.length > 0;
}

/** Adds the demo users and dares unless they are already there. */
export async function seedDemo(
  ctx: AppContext,
  options: { onlyIntoEmpty?: boolean } = {},
): Promise<boolean> {
  if (await alreadySeeded(ctx.db, options)) {
    // `npm run db:seed` on a database seeded before moderators existed adds the moderator.
    if (!options.onlyIntoEmpty) await addDemoModerator(ctx.db, await hashPassword(DEMO_PASSWORD));
    return false;
  }

  const media = await storeDemoMedia(ctx);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const funding = await ctx.db.transaction(async (tx) => {
    // Instances starting together on one empty database: one seeds, the others then find
    // it done (the lock migrations take, so a seed never runs beside a migration either).
    await takeStartupLock(tx);
    if (await alreadySeeded(tx, options)) return null;
    const ids = await insertUsers(tx, passwordHash, media);
    await addDemoModerator(tx, passwordHash);
    const inserted: DemoDareFunding[] = [];
    for (const dare of DEMO_DARES) inserted.push(await insertDare(tx, dare, ids, media));
    await tx
      .insert(follows)
      .values([
        { followerId: ids.nora, followedId: ids.maya },
        { followerId: ids.leo, followedId: ids.maya },
        { followerId: ids.maya, followedId: ids.sam },
        { followerId: ids.kai, followedId: ids.ava },
        { followerId: ids.sam, followedId: ids.leo },
      ])
      .onConflictDoNothing();
    await recountFollows(tx, Object.values(ids));
    return inserted;
  });
  if (!funding) return false;
  // Outside the transaction: the gateway keeps its own records (as Stripe would).
  await fundDemoDares(ctx, funding);
  ctx.log.info(`Demo content seeded: ${DEMO_USERS.length} users, ${DEMO_DARES.length} dares`);
  return true;
}

/** Copies the shipped demo files into media storage; returns name → served URL. */
export async function storeDemoMedia(ctx: AppContext): Promise<Map<string, string>> {
  const names = [
    ...DEMO_DARES.flatMap((dare) => [`${dare.media}.mp4`, `${dare.media}.jpg`]),
    ...DEMO_USERS.map((user) => `${user.avatar}.jpg`),
  ];
  const urls = new Map<string, string>();
  for (const name of new Set(names)) {
    const bytes = await readFile(fromRoot('assets', 'demo', name));
    const type = sniffMediaType(bytes);
    if (!type) throw new Error(`assets/demo/${name} is not a recognised image or video`);
    const key = `demo/${name}`;
    if (!(await ctx.storage.stat(key))) await ctx.storage.put(key, bytes, type.contentType);
    urls.set(name, mediaUrl(key));
  }
  return urls;
}

async function insertUsers(tx: Tx, passwordHash: string, media: Map<string, string>) {
  const rows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((user) => ({
        email: user.email,
        username: user.username,
        displayName: user.displayName,
        bio: user.bio,
        passwordHash,
        emailVerified: true,
        profilePicture: media.get(`${user.avatar}.jpg`) ?? null,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const ids = {} as Record<DemoUserKey, number>;
  for (const user of DEMO_USERS) ids[user.key] = rows.find((row) => row.email === user.email)!.id;
  return ids;
}

async function insertDare(
  tx: Tx,
  dare: DemoDare,
  ids: Record<DemoUserKey, number>,
  media: Map<string, string>,
): Promise<DemoDareFunding> {
  const createdAt = new Date(Date.now() - dare.ageDays * DAY);
  const expiresAt = new Date(createdAt.getTime() + dare.durationDays * DAY);
  const creatorId = ids[dare.creator];

  const sponsorRequestId = dare.sponsor
    ? await insertAcceptedRequest(tx, dare, ids[dare.sponsor], creatorId, createdAt, media)
    : null;

  const [row] = await tx
    .insert(dares)
    .values({
      creatorId,
      title: dare.title,
      description: dare.description,
      targetAmountCents: dollarsToCents(dare.targetDollars),
      // Counted as fundDemoDares authorizes each pledge, like any pledge.
      currentAmountCents: 0,
      pledgeCount: 0,
      status: dare.status,
      category: dare.category,
      contentRating: dare.contentRating,
      coverImage: media.get(`${dare.media}.jpg`),
      pitchVideo: media.get(`${dare.media}.mp4`),
      // The clip's still (the cover is drawn from its own frames), as an upload's poster is.
      pitchPoster: media.get(`${dare.media}.jpg`),
      dareType: dare.publicChallenge ? 'challenge' : 'self',
      recipientType: dare.publicChallenge ? 'public' : null,
      isPublicChallenge: dare.publicChallenge ?? false,
      takerId: dare.publicChallenge ? null : creatorId,
      sponsoredBy: dare.sponsor ? ids[dare.sponsor] : null,
      sponsorshipRequestId: sponsorRequestId,
      featuredAt: dare.featured ? createdAt : null,
      expiresAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: dares.id });
  const dareId = row!.id;
  // Its deadline, as for a dare made in the app (a finished demo dare has none left).
  if (dare.status === 'pending' || dare.status === 'active') {
    await scheduleDareExpiry(tx, { id: dareId, expiresAt });
  }
  if (sponsorRequestId) {
    await tx
      .update(dareRequests)
      .set({ dareId })
      .where(inArray(dareRequests.id, [sponsorRequestId]));
  }

  const pledgeRows =
    dare.pledges.length === 0
      ? []
      : await tx
          .insert(pledges)
          .values(
            dare.pledges.map(([user, dollars], index) => {
              const at = new Date(createdAt.getTime() + (index + 1) * HOUR);
              return {
                userId: ids[user],
                dareId,
                amountCents: dollarsToCents(dollars),
                createdAt: at,
                updatedAt: at,
              };
            }),
          )
          .returning({ id: pledges.id, userId: pledges.userId, amountCents: pledges.amountCents });
  const names = new Map(DEMO_USERS.map((user) => [ids[user.key], user.displayName]));

  if (dare.proof && (dare.status === 'verification' || dare.status === 'completed')) {
    const submittedAt =
      dare.status === 'verification'
        ? new Date(Date.now() - 3 * HOUR)
        : new Date(expiresAt.getTime() - DAY);
    const [submission] = await tx
      .insert(submissions)
      .values({
        dareId,
        userId: creatorId,
        videoUrl: media.get(`${dare.proof}.mp4`)!,
        thumbnailUrl: media.get(`${dare.proof}.jpg`),
        status: dare.status === 'completed' ? 'approved' : 'pending',
        votingEndsAt: new Date(submittedAt.getTime() + 24 * HOUR),
        resolvedAt: dare.status === 'completed' ? new Date(submittedAt.getTime() + 6 * HOUR) : null,
        createdAt: submittedAt,
      })
      .returning({ id: submissions.id, votingEndsAt: submissions.votingEndsAt });
    if (dare.status === 'verification') await scheduleResolution(tx, submission!);
    if (dare.votes?.length) {
      await tx.insert(votes).values(
        dare.votes.map(([user, vote]) => ({
          submissionId: submission!.id,
          userId: ids[user],
          vote,
          reason: vote ? APPROVE_REASONS[0] : REJECT_REASONS[1],
        })),
      );
    }
  }
  const funding: DemoDareFunding = {
    dareId,
    status: dare.status,
    pledges: pledgeRows.map((pledge) => ({ ...pledge, name: names.get(pledge.userId) ?? 'Demo' })),
  };
  return funding;
}

async function insertAcceptedRequest(
  tx: Tx,
  dare: DemoDare,
  senderId: number,
  recipientId: number,
  createdAt: Date,
  media: Map<string, string>,
) {
  const [request] = await tx
    .insert(dareRequests)
    .values({
      senderId,
      recipientId,
      dareTitle: dare.title,
      dareDescription: dare.description,
      targetAmountCents: dollarsToCents(dare.targetDollars),
      category: dare.category,
      contentRating: dare.contentRating,
      coverImage: media.get(`${dare.media}.jpg`),
      status: 'accepted',
      respondedAt: createdAt,
      createdAt: new Date(createdAt.getTime() - HOUR),
      expiresAt: new Date(createdAt.getTime() + 7 * DAY),
    })
    .returning({ id: dareRequests.id });
  return request!.id;
}
