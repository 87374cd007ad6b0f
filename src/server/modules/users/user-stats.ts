import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { centsToDollars } from '@/contracts/money';
import type { OwnStats, UserStats } from '@/contracts/user';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { Db } from '../../db/client';
import { dares, ledgerEntries, pledges, users } from '../../db/schema';

const count = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
/**
 * The outer row's id, spelled out: drizzle leaves columns unqualified in a one-table select,
 * and inside a subquery on dares a bare "id" would mean the dare's.
 */
export const OUTER_USER_ID = sql.raw('"users"."id"');

/**
 * A user's record as correlated subqueries on the users row, so the profile and
 * `GET /api/user` (read on every page load) take one round trip. Each is an index lookup:
 * dares by creator / taker, ledger rows by account, pledges by user.
 *
 * Earned is the spec's "summed from currentAmount of completed dares" the user took on
 * (issue 19 item 9): what they earned, whether or not it was paid out yet. Paid out (own
 * profile only) is the ledger's `taker:<id>` account: what was transferred to them, net of
 * the platform fee (src/domain/ledger.ts).
 */
const statsColumns = {
  createdCount: count(
    sql`select count(*) from ${dares} where ${dares.creatorId} = ${OUTER_USER_ID}`,
  ),
  completedCount: count(
    sql`select count(*) from ${dares} where ${dares.takerId} = ${OUTER_USER_ID} and ${dares.status} = 'completed'`,
  ),
  earnedCents: count(
    sql`select coalesce(sum(${dares.currentAmountCents}), 0) from ${dares} where ${dares.takerId} = ${OUTER_USER_ID} and ${dares.status} = 'completed'`,
  ),
};

const LIVE = sql.join(
  LIVE_PLEDGE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
/** The own profile's extra figures: its pledges, and what was paid out. */
const ownColumns = {
  paidOutCents: count(
    sql`select coalesce(sum(${ledgerEntries.amountCents}), 0) from ${ledgerEntries} where ${ledgerEntries.account} = 'taker:' || ${OUTER_USER_ID}`,
  ),
  pledgeCount: count(
    sql`select count(*) from ${pledges} where ${pledges.userId} = ${OUTER_USER_ID} and ${pledges.status} in (${LIVE})`,
  ),
  pledgedCents: count(
    sql`select coalesce(sum(${pledges.amountCents}), 0) from ${pledges} where ${pledges.userId} = ${OUTER_USER_ID} and ${pledges.status} in (${LIVE})`,
  ),
};

type StatsRow = { createdCount: number; completedCount: number; earnedCents: number };

function toStats(row: StatsRow): UserStats {
  return {
    createdCount: row.createdCount,
    completedCount: row.completedCount,
    totalEarned: centsToDollars(row.earnedCents),
  };
}

/** The user row with its public stats (and any extra columns), or undefined. */
export async function userWithStats<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  userId: number,
  extra: Extra = {} as Extra,
) {
  const [row] = await db
    .select({ ...getTableColumns(users), ...statsColumns, ...extra })
    .from(users)
    // A deleted account has no profile: GET /api/users/{id} answers 404 (decision 0046).
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  return { row, stats: toStats(row) };
}

/** The own profile's numbers, in one query. */
export async function ownStats(db: Db, userId: number): Promise<OwnStats> {
  const [row] = await db
    .select({ ...statsColumns, ...ownColumns })
    .from(users)
    .where(eq(users.id, userId));
  if (!row)
    return {
      ...toStats({ createdCount: 0, completedCount: 0, earnedCents: 0 }),
      totalPaidOut: 0,
      pledgeCount: 0,
      totalPledged: 0,
    };
  return {
    ...toStats(row),
    totalPaidOut: centsToDollars(row.paidOutCents),
    pledgeCount: row.pledgeCount,
    totalPledged: centsToDollars(row.pledgedCents),
  };
}
