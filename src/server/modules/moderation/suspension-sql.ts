import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL twin of isSuspended (src/domain/moderation-roles.ts) over a users row spelled `alias`
 * (`users`, `u`, ...): suspended now, for good or until a time still ahead.
 */
export function isSuspendedSql(alias = 'users'): SQL {
  return sql.raw(
    `(${alias}.suspended_at IS NOT NULL AND (${alias}.suspended_until IS NULL OR ${alias}.suspended_until > now()))`,
  );
}
