import { eq, sql } from 'drizzle-orm';
import { type AccountPreferencesInput, MODERATION_MESSAGES } from '@/contracts/moderation';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';

/**
 * PATCH /api/account/preferences (issue 21 item 7): 'Show R-rated dares'. Turning it on
 * needs the 18+ confirmation each time it is asked (the form asks once: adultConfirmedAt
 * keeps the first). The users row's change drops the feed and session caches (triggers of
 * drizzle/0023), so the next page is the right variant.
 */
export async function setPreferences(
  ctx: AppContext,
  userId: number,
  input: AccountPreferencesInput,
): Promise<{ showMatureContent: boolean }> {
  if (input.showMatureContent && input.confirmAdult !== true) {
    throw badRequest(MODERATION_MESSAGES.confirmAdult);
  }
  const [row] = await ctx.db
    .update(users)
    .set({
      showMatureContent: input.showMatureContent,
      ...(input.showMatureContent
        ? { adultConfirmedAt: sql`coalesce(${users.adultConfirmedAt}, now())` }
        : {}),
    })
    .where(eq(users.id, userId))
    .returning({ showMatureContent: users.showMatureContent });
  if (!row) throw unauthorized();
  // Cached session lookups carry the old setting; other instances hear of it by NOTIFY.
  ctx.caches.sessions.invalidate();
  return { showMatureContent: row.showMatureContent };
}
