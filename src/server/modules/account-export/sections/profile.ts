import { eq, sql } from 'drizzle-orm';
import type { AccountExportProfile } from '@/contracts/account-export';
import type { Tx } from '../../../db/client';
import { connectedAccounts, users } from '../../../db/schema';
import { iso, linkOrNull } from './shared';

/**
 * The account itself, read fresh in the export's snapshot (the session's copy may be seconds
 * old), with the snapshot's time. No password hash, no card-provider customer or payout account ids: whether a payout
 * account is connected and verified is what the person knows of it. Null when the account
 * is gone (deleted while the export started).
 */
export async function readProfile(
  tx: Tx,
  userId: number,
  publicUrl: string,
): Promise<{ profile: AccountExportProfile; at: Date } | null> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: users.username,
      displayName: users.displayName,
      bio: users.bio,
      profilePicture: users.profilePicture,
      followerCount: users.followerCount,
      followingCount: users.followingCount,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      payoutVerified: connectedAccounts.verified,
      // The snapshot's time (now() is the transaction's start), as a number on both drivers.
      atMs: sql<number>`(extract(epoch from now()) * 1000)::float8`,
    })
    .from(users)
    .leftJoin(connectedAccounts, eq(connectedAccounts.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { payoutVerified, createdAt, updatedAt, profilePicture, atMs, ...profile } = row;
  return {
    at: new Date(Number(atMs)),
    profile: {
      ...profile,
      profilePicture: linkOrNull({ publicUrl }, profilePicture),
      payoutAccount: { connected: payoutVerified !== null, verified: payoutVerified === true },
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    },
  };
}
