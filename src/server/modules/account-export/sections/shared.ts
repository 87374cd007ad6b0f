import type { alias } from 'drizzle-orm/pg-core';
import type { AccountExportRow, AccountExportSectionName } from '@/contracts/account-export';
import { formatCents } from '@/domain/notification-text';
import type { Tx } from '../../../db/client';
import type { users } from '../../../db/schema';

/** Whose data is exported, as read at the start of the export's transaction. */
export type ExportScope = {
  userId: number;
  /** The account's address now: requests sent to it count as received (as in the app). */
  email: string;
  /** The session asking: marked `current` in the sessions list. */
  sessionId: number;
  publicUrl: string;
  /** The snapshot's time (the transaction's now()). */
  now: Date;
};

/** A row of a section and the key the next page starts after (its id, mostly). */
export type Keyed<Row> = { key: number; row: Row };

/**
 * One section's query: the rows after `after` (keys ascending), at most `limit`. Written page
 * by page, so an account with many rows never has a whole section in memory.
 */
export type Reader<Row> = (
  tx: Tx,
  scope: ExportScope,
  after: number,
  limit: number,
) => Promise<Array<Keyed<Row>>>;
export type SectionReader<K extends AccountExportSectionName> = Reader<AccountExportRow<K>>;

/** Someone shown by their public face only: id, username, display name, never their email. */
export const personColumns = <
  T extends typeof users | ReturnType<typeof alias<typeof users, string>>,
>(
  table: T,
): Pick<T, 'id' | 'username' | 'displayName'> => ({
  id: table.id,
  username: table.username,
  displayName: table.displayName,
});

export const money = (cents: number) => ({ cents, formatted: formatCents(cents) });

export const iso = (value: Date) => value.toISOString();
export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** A stored media path ("/media/...") as a link that works outside the app. */
export const link = (scope: Pick<ExportScope, 'publicUrl'>, path: string) =>
  path.startsWith('/') ? new URL(path, scope.publicUrl).href : path;
export const linkOrNull = (scope: Pick<ExportScope, 'publicUrl'>, path: string | null) =>
  path === null ? null : link(scope, path);
