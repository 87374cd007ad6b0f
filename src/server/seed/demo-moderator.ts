import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';

/** The demo moderator the README names (issue 21): works the queue at /moderation. */
export const DEMO_MODERATOR = {
  email: 'mod@demo.darefund.app',
  username: 'darefund_mod',
  displayName: 'Darefund Moderator',
} as const;

/**
 * Adds the demo moderator (password: the demo password, address verified) unless the address
 * or name is taken: run with the demo seed, and again by `npm run db:seed` on a database
 * seeded before moderators existed.
 */
export async function addDemoModerator(db: Db | Tx, passwordHash: string): Promise<boolean> {
  const added = await db
    .insert(users)
    .values({ ...DEMO_MODERATOR, passwordHash, emailVerified: true, role: 'moderator' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return added.length > 0;
}
