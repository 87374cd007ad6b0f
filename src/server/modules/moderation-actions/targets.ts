import { sql } from 'drizzle-orm';
import type { ModerationState } from '@/contracts/moderation-values';
import type { ReportTargetType } from '@/contracts/reports';
import type { Tx } from '../../db/client';

/** Where each kind of target lives, and whose it is (issue 21: every one has moderation_state). */
const TABLES: Record<ReportTargetType, { table: string; owner: string; live: string }> = {
  dare: { table: 'dares', owner: 'creator_id', live: 'true' },
  submission: { table: 'submissions', owner: 'user_id', live: 'true' },
  comment: { table: 'comments', owner: 'user_id', live: 'true' },
  // A deleted account is no longer there to moderate (as reports/report-targets.ts sees it).
  user: { table: 'users', owner: 'id', live: 'deleted_at IS NULL' },
  message: { table: 'messages', owner: 'sender_id', live: 'true' },
};

export type Target = {
  type: ReportTargetType;
  id: number;
  ownerId: number | null;
  state: ModerationState | null;
};

type Rows = { rows: Record<string, unknown>[] };

/** The target as it is now, or null when it does not exist (404). */
export async function readTarget(
  tx: Tx,
  type: ReportTargetType,
  id: number,
): Promise<Target | null> {
  const { table, owner, live } = TABLES[type];
  const result = (await tx.execute(
    sql`SELECT ${sql.raw(owner)} AS owner_id, moderation_state FROM ${sql.raw(table)}
        WHERE id = ${id} AND ${sql.raw(live)}`,
  )) as unknown as Rows;
  const row = result.rows[0];
  if (!row) return null;
  return {
    type,
    id,
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    state: (row.moderation_state as ModerationState | null) ?? null,
  };
}

/**
 * Moves the target's moderation_state from `from` to `to` in one guarded update: of parallel
 * twins only the first changes it (the others wait for its row lock, then find it moved).
 * `from: 'any-but-removed'` covers visible and under review. Returns whether it moved.
 */
export async function moveTargetState(
  tx: Tx,
  target: Pick<Target, 'type' | 'id'>,
  from: ModerationState | 'any-but-removed',
  to: ModerationState | null,
): Promise<boolean> {
  const { table } = TABLES[target.type];
  const guard =
    from === 'any-but-removed'
      ? sql`moderation_state IS DISTINCT FROM 'removed'`
      : sql`moderation_state = ${from}::moderation_state`;
  const value = to === null ? sql`NULL` : sql`${to}::moderation_state`;
  const result = (await tx.execute(
    sql`UPDATE ${sql.raw(table)} SET moderation_state = ${value}
        WHERE id = ${target.id} AND ${guard} RETURNING id`,
  )) as unknown as Rows;
  return result.rows.length > 0;
}
