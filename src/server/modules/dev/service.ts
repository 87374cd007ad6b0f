import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/password';
import { deriveUniqueUsername, isUsernameTaken } from '../users/username';

export const DEV_TEST_ACCOUNT = {
  email: 'test@darefund.local',
  username: 'testuser',
  displayName: 'Test User',
  password: 'password123',
} as const;

const findTestAccount = async (ctx: AppContext) => {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEV_TEST_ACCOUNT.email}`)
    .limit(1);
  return user;
};

/** The development test account, created on first use (development mode only). */
export async function devTestAccount(ctx: AppContext) {
  const existing = await findTestAccount(ctx);
  if (existing) return existing;
  const username = (await isUsernameTaken(ctx.db, DEV_TEST_ACCOUNT.username))
    ? await deriveUniqueUsername(ctx.db, DEV_TEST_ACCOUNT.email)
    : DEV_TEST_ACCOUNT.username;
  const [created] = await ctx.db
    .insert(users)
    .values({
      email: DEV_TEST_ACCOUNT.email,
      username,
      displayName: DEV_TEST_ACCOUNT.displayName,
      passwordHash: await hashPassword(DEV_TEST_ACCOUNT.password),
      emailVerified: true,
    })
    .onConflictDoNothing()
    .returning();
  // Two tabs starting at once: the other request created it.
  return created ?? (await findTestAccount(ctx))!;
}
