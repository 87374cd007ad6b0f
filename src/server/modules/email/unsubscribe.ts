import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { emailSuppressions, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { emailKindLabel, isNotificationKind } from './kinds';
import { saveNotificationSettings } from './preferences';
import { verifyUnsubscribeToken } from './unsubscribe-token';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Open Notification Settings in your profile to choose which emails you get.';

/** What a signed unsubscribe link names, in the page's words; 400 for anything else. */
export function readUnsubscribeLink(ctx: AppContext, token: string) {
  const claim = verifyUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!claim) throw badRequest(INVALID_UNSUBSCRIBE_LINK, 'invalid_token');
  return { claim, label: emailKindLabel(claim.kind) };
}

/**
 * Turns off what a signed unsubscribe link names. For an account and a notification kind
 * that is its Notification Setting (the in-app notification stays); for anything else
 * (an invitation sent to an address, an address that is no longer the account's) the
 * address is suppressed for that kind. Idempotent: the same link twice changes nothing more.
 * Answers the words the confirmation page shows.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ label: string }> {
  const { claim, label } = readUnsubscribeLink(ctx, token);
  await ctx.db.transaction(async (tx) => {
    if (claim.userId !== undefined && isNotificationKind(claim.kind)) {
      // Still this account's address: it is the account's choice to make.
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, claim.userId), sql`lower(${users.email}) = ${claim.email}`));
      if (owner) {
        await saveNotificationSettings(tx, owner.id, [{ kind: claim.kind, email: false }]);
        return;
      }
    }
    await tx
      .insert(emailSuppressions)
      .values({ email: claim.email, kind: claim.kind })
      .onConflictDoNothing();
  });
  return { label };
}
