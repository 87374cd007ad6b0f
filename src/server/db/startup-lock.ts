import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * The advisory lock of what a start does once per database: migrations (held on their own
 * connection, postgres.ts) and the demo seed. Instances starting together on one empty
 * database take turns; whoever comes second finds the work done.
 */
export const STARTUP_LOCK_ID = 7428311;

/** Held until the transaction ends (PGlite has one connection: it never waits). */
export async function takeStartupLock(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${STARTUP_LOCK_ID})`);
}
