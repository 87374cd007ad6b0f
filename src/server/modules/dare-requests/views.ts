import { inArray } from 'drizzle-orm';
import type { DareRequestView } from '@/contracts/dare-requests';
import type { DareUser } from '@/contracts/dares';
import { centsToDollars } from '@/contracts/money';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { type dareRequests, dares, users } from '../../db/schema';

export type DareRequestRow = typeof dareRequests.$inferSelect;

/** Only the public face of sender and recipient: never their email or account details. */
async function publicUsers(db: Db | Tx, ids: number[]): Promise<Map<number, DareUser>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The status as the user should read it: a pending request whose week has passed is
 * expired even before the job marks it (accepting it is refused the same way).
 */
export function effectiveStatus(row: Pick<DareRequestRow, 'status' | 'expiresAt'>, now: Date) {
  return row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
}

/** The created dares that still wait for their pitch video (funding, none yet). */
async function daresWithoutPitch(db: Db | Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: dares.id, pitchVideo: dares.pitchVideo, status: dares.status })
    .from(dares)
    .where(inArray(dares.id, ids));
  return new Set(
    rows
      .filter((row) => !row.pitchVideo && (row.status === 'pending' || row.status === 'active'))
      .map((row) => row.id),
  );
}

/**
 * A request sent to an email address binds to the account that has it, but its sender only
 * ever sees the address: the answer must not tell whether the address has an account
 * (issue 19). The recipient, who is that account, sees themselves.
 */
const hidesRecipientFrom = (row: DareRequestRow, viewerId: number) =>
  row.recipientEmail !== null && row.senderId === viewerId && row.recipientId !== viewerId;

/** The requests as `viewerId` (their sender or recipient) sees them. */
export async function toDareRequestViews(
  ctx: Pick<AppContext, 'db'> | { db: Tx },
  rows: DareRequestRow[],
  viewerId: number,
  now = new Date(),
): Promise<DareRequestView[]> {
  const people = await publicUsers(ctx.db, [
    ...rows.map((row) => row.senderId),
    ...rows.flatMap((row) => (row.recipientId ? [row.recipientId] : [])),
  ]);
  const needPitch = await daresWithoutPitch(
    ctx.db,
    rows.flatMap((row) => (row.dareId ? [row.dareId] : [])),
  );
  return rows.flatMap((row) => {
    const sender = people.get(row.senderId);
    if (!sender) return [];
    const recipientId = hidesRecipientFrom(row, viewerId) ? null : row.recipientId;
    const challenge = row.challengeDareId !== null;
    return [
      {
        id: row.id,
        senderId: row.senderId,
        recipientId,
        recipientEmail: row.recipientEmail,
        dareTitle: row.dareTitle,
        dareDescription: row.dareDescription,
        targetAmount: centsToDollars(row.targetAmountCents),
        category: row.category,
        contentRating: row.contentRating,
        coverImage: row.coverImage,
        status: effectiveStatus(row, now),
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        respondedAt: row.respondedAt?.toISOString() ?? null,
        dareId: row.dareId,
        // A challenge's dare is its creator's, with the pitch they chose: nothing to add.
        dareNeedsPitch: row.dareId !== null && !challenge && needPitch.has(row.dareId),
        challenge,
        sender,
        recipient: recipientId ? (people.get(recipientId) ?? null) : null,
      },
    ];
  });
}
