import { and, eq, not, type SQL, sql } from 'drizzle-orm';
import type { NotificationSetting, NotificationSettings } from '@/contracts/notification-settings';
import { EMAILED_NOTIFICATION_KINDS } from '@/contracts/notifications';
import type { Db, Tx } from '../../db/client';
import { emailPreferences, emailSuppressions } from '../../db/schema';
import { isNotificationKind } from './kinds';

/**
 * Whether an email of `kind` may go to this address: not when the address unsubscribed from
 * the kind, nor when the account turned the kind off in Notification Settings. As an SQL
 * condition, so queueEmail can guard its insert with it in the same statement (one round
 * trip, decision 0054); emailAllowed asks it on its own.
 */
export function emailAllowedSql({
  to,
  kind,
  userId,
}: {
  to: string;
  kind: string;
  userId?: number | null;
}): SQL {
  const suppressed = sql`EXISTS (SELECT 1 FROM ${emailSuppressions} WHERE ${and(
    eq(emailSuppressions.email, to.toLowerCase()),
    eq(emailSuppressions.kind, kind),
  )})`;
  if (userId == null || !isNotificationKind(kind)) return sql`NOT ${suppressed}`;
  const turnedOff = sql`EXISTS (SELECT 1 FROM ${emailPreferences} WHERE ${and(
    eq(emailPreferences.userId, userId),
    eq(emailPreferences.kind, kind),
    not(emailPreferences.emailEnabled),
  )})`;
  return sql`NOT ${suppressed} AND NOT ${turnedOff}`;
}

export async function emailAllowed(
  tx: Db | Tx,
  email: { to: string; kind: string; userId?: number | null },
): Promise<boolean> {
  const result = (await tx.execute(
    sql`SELECT (${emailAllowedSql(email)}) AS allowed`,
  )) as unknown as { rows: Array<{ allowed: boolean }> };
  return result.rows[0]?.allowed === true;
}

/** Every emailed kind with its email choice (on unless turned off). */
export async function notificationSettings(
  db: Db | Tx,
  userId: number,
): Promise<NotificationSettings> {
  const rows = await db
    .select({ kind: emailPreferences.kind, enabled: emailPreferences.emailEnabled })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.enabled]));
  return {
    settings: EMAILED_NOTIFICATION_KINDS.map((kind) => ({ kind, email: chosen.get(kind) ?? true })),
  };
}

/** PUT: stores the given choices and answers every kind's setting. */
export async function updateNotificationSettings(
  db: Db,
  userId: number,
  settings: NotificationSetting[],
): Promise<NotificationSettings> {
  await saveNotificationSettings(db, userId, settings);
  return notificationSettings(db, userId);
}

/** Stores the given choices (one upsert; the same request twice changes nothing more). */
export async function saveNotificationSettings(
  db: Db | Tx,
  userId: number,
  settings: NotificationSetting[],
): Promise<void> {
  // The last word wins when a kind is named twice.
  const byKind = new Map(settings.map((setting) => [setting.kind, setting.email]));
  await db
    .insert(emailPreferences)
    .values([...byKind].map(([kind, email]) => ({ userId, kind, emailEnabled: email })))
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.kind],
      set: { emailEnabled: sql`excluded.email_enabled`, updatedAt: sql`now()` },
    });
}
