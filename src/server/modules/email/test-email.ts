import { eq } from 'drizzle-orm';
import { TEST_EMAILS_PER_HOUR } from '@/contracts/limits';
import type { TestEmailResult } from '@/contracts/notification-settings';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { drainOutbox } from '../../jobs/send-emails';
import { takeRateLimit } from '../../lib/rate-limit';
import { queueEmail } from '../notifications/outbox';
import { renderBody } from './template';

/**
 * GET /api/test-email (development only): queues a test email to the signed-in user and,
 * when SMTP is configured, sends it right away so the answer says whether it went out.
 */
export async function sendTestEmail(ctx: AppContext, userId: number): Promise<TestEmailResult> {
  await takeRateLimit(ctx.db, {
    key: `test-email:user:${userId}`,
    limit: TEST_EMAILS_PER_HOUR,
    windowSeconds: 3600,
  });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const to = user?.email ?? '';
  if (!user || !to)
    return { success: false, message: 'No email address on this account', preview: { to } };
  const outboxId = await ctx.db.transaction(async (tx) =>
    queueEmail(tx, {
      to,
      kind: 'test',
      userId,
      subject: 'Darefund test email',
      ...renderBody({
        greeting: `Hi ${user.displayName ?? user.username},`,
        headline: 'This is a test email from Darefund.',
        paragraphs: ['If you can read this, email delivery works.'],
        action: { label: 'Open Darefund', url: ctx.config.publicUrl },
      }),
    }),
  );
  if (outboxId === null) {
    return {
      success: false,
      message: 'This address unsubscribed from test emails',
      preview: { to },
    };
  }
  if (!ctx.mailer) {
    return {
      success: true,
      message: 'Queued in the outbox (no SMTP_URL): see /dev/mail',
      preview: { to },
    };
  }
  const report = await drainOutbox(ctx, { ids: [outboxId] });
  if (report.skipped > 0) {
    return {
      success: false,
      message: `Not sent: ${to} is a reserved address that cannot receive email`,
      preview: { to },
    };
  }
  return report.sent > 0
    ? { success: true, message: `Test email sent to ${to}`, preview: { to } }
    : {
        success: false,
        message: 'The mail server refused the test email; it will be retried',
        preview: { to },
      };
}
