import { randomUUID } from 'node:crypto';
import type { LedgerRow } from '@/domain/ledger';
import type { Tx } from '../../db/client';
import { ledgerEntries } from '../../db/schema';

/**
 * Appends one double-entry group (rows built by src/domain/ledger.ts) in the caller's
 * transaction, so the rows land together with the state change they record, or not at all.
 */
export async function writeLedgerGroup(tx: Tx, rows: LedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  const groupId = randomUUID();
  await tx.insert(ledgerEntries).values(rows.map((row) => ({ ...row, groupId })));
}
