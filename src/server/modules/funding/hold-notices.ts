import { eq } from 'drizzle-orm';
import { centsToDollars } from '@/contracts/money';
import type { Tx } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';

/**
 * Tells a pledger that their hold could not be renewed (DESIGN.md section 4). Written in the
 * transaction that moves the pledge to requires_action, so the email goes out exactly when
 * the state changes: once, by whichever runner won the transition.
 *
 * Only the email: the inbox (conversations/messages) needs a sending user, and the app has
 * no system user to send as; a note there waits for one.
 */
export async function queueHoldRenewalNotice(
  tx: Tx,
  publicUrl: string,
  pledge: { id: number; userId: number; amountCents: number },
  dare: { title: string },
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, name: users.displayName })
    .from(users)
    .where(eq(users.id, pledge.userId));
  if (!user) return;
  const link = `${publicUrl}/pledge/${pledge.id}/payment`;
  const amount = centsToDollars(pledge.amountCents).toFixed(2);
  const text = [
    `Hi ${user.name ?? 'there'},`,
    '',
    `We could not renew the hold on your card for your $${amount} pledge to "${dare.title}".`,
    'Please update your card within 48 hours, or your pledge will no longer count toward the dare:',
    link,
  ].join('\n');
  await tx.insert(mailOutbox).values({
    to: user.email,
    subject: `Action needed: update your card for "${dare.title}"`,
    text,
  });
}
