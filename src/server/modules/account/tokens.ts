import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accountTokens } from '../../db/schema';
import { tokenHash } from '../auth/session-store';

/** What a link's token is for; a token of one purpose never works for another. */
export type TokenPurpose = 'verify-email' | 'reset-password' | 'change-email';

/** 32 random bytes as base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Issues a link token for an account (decision 0039): 32 random bytes, of which only the
 * keyed hash is stored. One row per account and purpose: the upsert overwrites the older
 * token, so a newer link voids every earlier one, even when two are issued at once.
 */
export async function issueAccountToken(
  tx: Db | Tx,
  ctx: AppContext,
  input: { userId: number; purpose: TokenPurpose; email: string; validForMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const values = {
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: tokenHash(ctx, token),
    expiresAt: new Date(Date.now() + input.validForMs),
  };
  await tx
    .insert(accountTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [accountTokens.userId, accountTokens.purpose],
      set: {
        tokenHash: values.tokenHash,
        email: values.email,
        expiresAt: values.expiresAt,
        createdAt: sql`now()`,
      },
    });
  return token;
}

/**
 * Uses a token up: one DELETE ... RETURNING of the live row with this hash AND purpose, so
 * of any number of parallel uses exactly one gets the row and the rest get null, as does a
 * used, expired, voided, tampered or other-purpose token. Run it in the transaction of what
 * the token does: if that fails, the token is not spent.
 */
export async function consumeAccountToken(
  tx: Db | Tx,
  ctx: AppContext,
  purpose: TokenPurpose,
  token: string,
): Promise<{ userId: number; email: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash(ctx, token)),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** The link a token goes out in: the page that posts it (`/verify-email?token=...`). */
export const accountLink = (publicUrl: string, page: string, token: string) =>
  `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;
