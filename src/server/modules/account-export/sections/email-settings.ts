import { asc, eq } from 'drizzle-orm';
import { emailPreferences } from '../../../db/schema';
import type { SectionReader } from './shared';

/**
 * The Notification Settings choices the account made (a kind not listed is on). One row per
 * kind at most, so one page holds them all: `after` is the row count already written.
 */
export const readEmailSettings: SectionReader<'emailSettings'> = async (
  tx,
  scope,
  after,
  limit,
) => {
  const rows = await tx
    .select({ kind: emailPreferences.kind, emailEnabled: emailPreferences.emailEnabled })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, scope.userId))
    .orderBy(asc(emailPreferences.kind))
    .offset(after)
    .limit(limit);
  return rows.map((row, index) => ({ key: after + index + 1, row }));
};
