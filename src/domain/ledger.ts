/**
 * The double-entry ledger (DESIGN.md section 4): every money movement is a group of
 * append-only rows whose signed amounts sum to zero. The builders here return one group
 * each; the service gives the group a fresh groupId and inserts it in the transaction that
 * changes the pledge or payout it belongs to. Balances are sums of rows, never stored.
 *
 * Chart of accounts (sign: + means money arrived in the account):
 *   pledger:<userId>      the pledger's card, outside our books. Capture takes from it (-),
 *                         refund gives back (+). Its balance is minus what they paid net.
 *   escrow:dare:<dareId>  captured money held for one dare until it is paid out or refunded.
 *                         Never negative. (Named escrow, not "holds": a card hold is not
 *                         money we have; only a capture puts money here.)
 *   platform:fees         the platform's revenue, credited when the dare is paid out.
 *   taker:<userId>        the taker's connected payout account, credited by the transfer.
 *   memo:released-holds   a memo account for releases, always netting to zero (see below).
 *
 * Movements (one group each):
 *   capture   pledger -> escrow          one group per captured pledge, written once
 *   fee       escrow  -> platform:fees   } both written together when the taker is paid,
 *   transfer  escrow  -> taker           } splitting what is then in escrow (settlementEntries)
 *   refund    escrow  -> pledger         only from escrow, so only before the payout
 *   release   memo +a / memo -a          no money moves: a hold is cancelled
 *
 * Why the fee is taken at payout, not at capture: a refund before the payout then gives the
 * pledger back their whole pledge without un-rounding a fee already booked, and the fee is
 * always `platformFeeCents` of exactly the amount paid out. (payouts.fee_cents shown while
 * the payout waits is a preview of the same function.)
 *
 * Why a release is a zero-sum memo: DESIGN.md wants every release recorded, but an
 * authorization never entered the books (no money moved), so there is nothing to reverse.
 * The memo pair records the amount and the pledge while leaving every real balance
 * unchanged, and keeps the rows non-zero as the schema's check demands.
 */
import { assertCents, splitFee } from './money';

export const LEDGER_KINDS = ['capture', 'fee', 'transfer', 'refund', 'release'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One row of a group, as inserted into ledger_entries (without id, groupId, createdAt). */
export interface LedgerRow {
  kind: LedgerKind;
  account: string;
  amountCents: number;
  dareId: number;
  pledgeId?: number;
}

/** A row read back, with the group it was written in. */
export interface LedgerEntry extends LedgerRow {
  groupId: string;
}

export const PLATFORM_FEES_ACCOUNT = 'platform:fees';
export const RELEASED_HOLDS_MEMO_ACCOUNT = 'memo:released-holds';

export const pledgerAccount = (userId: number): string => `pledger:${userId}`;
export const escrowAccount = (dareId: number): string => `escrow:dare:${dareId}`;
export const takerAccount = (userId: number): string => `taker:${userId}`;

const isMemoAccount = (account: string): boolean => account.startsWith('memo:');

/** What the builders need to know about a pledge. */
export interface LedgerPledge {
  id: number;
  userId: number;
  dareId: number;
  amountCents: number;
}

/** A positive amount: a zero or negative movement is a bug, and zero rows are refused. */
function assertPositive(amountCents: number, name: string): void {
  assertCents(amountCents, name);
  if (amountCents === 0) throw new RangeError(`${name} must be positive`);
}

/** A two-row group moving `amountCents` from one account to another. */
function move(
  kind: LedgerKind,
  from: string,
  to: string,
  amountCents: number,
  dareId: number,
  pledgeId?: number,
): LedgerRow[] {
  const ids = pledgeId === undefined ? { dareId } : { dareId, pledgeId };
  return [
    { kind, account: from, amountCents: -amountCents, ...ids },
    { kind, account: to, amountCents, ...ids },
  ];
}

/** The pledge's hold was captured: its full amount moves from the card into escrow. */
export function captureEntries(pledge: LedgerPledge): LedgerRow[] {
  assertPositive(pledge.amountCents, 'capture amount');
  return move(
    'capture',
    pledgerAccount(pledge.userId),
    escrowAccount(pledge.dareId),
    pledge.amountCents,
    pledge.dareId,
    pledge.id,
  );
}

/** The platform fee leaves escrow. Empty for a zero fee (the schema refuses zero rows). */
export function feeEntries(dareId: number, feeCents: number): LedgerRow[] {
  assertCents(feeCents, 'fee');
  if (feeCents === 0) return [];
  return move('fee', escrowAccount(dareId), PLATFORM_FEES_ACCOUNT, feeCents, dareId);
}

/** The taker is paid. Empty for zero (everything went to the fee, or nothing was left). */
export function transferEntries(dareId: number, takerId: number, amountCents: number): LedgerRow[] {
  assertCents(amountCents, 'transfer');
  if (amountCents === 0) return [];
  return move('transfer', escrowAccount(dareId), takerAccount(takerId), amountCents, dareId);
}

/**
 * The payout of a completed dare: everything in its escrow is split into the fee and the
 * taker's transfer (two groups, written in one transaction). Leaves the escrow at zero.
 */
export function settlementEntries(
  dareId: number,
  takerId: number,
  escrowBalanceCents: number,
  feeBps: number,
): { fee: LedgerRow[]; transfer: LedgerRow[]; feeCents: number; payoutCents: number } {
  const split = splitFee(escrowBalanceCents, feeBps);
  return {
    fee: feeEntries(dareId, split.feeCents),
    transfer: transferEntries(dareId, takerId, split.payoutCents),
    ...split,
  };
}

/**
 * Money goes back to a pledger from the dare's escrow (the whole pledge by default). The
 * caller must hold the money: a refund larger than the escrow balance is refused, since
 * after the payout the money is no longer ours to return from this dare.
 */
export function refundEntries(
  pledge: LedgerPledge,
  escrowBalanceCents: number,
  amountCents: number = pledge.amountCents,
): LedgerRow[] {
  assertPositive(amountCents, 'refund amount');
  if (amountCents > pledge.amountCents) {
    throw new RangeError(`refund ${amountCents} exceeds the pledge's ${pledge.amountCents}`);
  }
  if (amountCents > escrowBalanceCents) {
    throw new RangeError(`refund ${amountCents} exceeds the escrow's ${escrowBalanceCents}`);
  }
  return move(
    'refund',
    escrowAccount(pledge.dareId),
    pledgerAccount(pledge.userId),
    amountCents,
    pledge.dareId,
    pledge.id,
  );
}

/** A hold was cancelled: a zero-sum memo pair recording the amount no longer held. */
export function releaseEntries(pledge: LedgerPledge): LedgerRow[] {
  assertPositive(pledge.amountCents, 'released amount');
  return move(
    'release',
    RELEASED_HOLDS_MEMO_ACCOUNT,
    RELEASED_HOLDS_MEMO_ACCOUNT,
    pledge.amountCents,
    pledge.dareId,
    pledge.id,
  );
}

/** Balance per account: the sum of its rows. */
export function balances(entries: Iterable<LedgerRow>): Map<string, number> {
  const result = new Map<string, number>();
  for (const entry of entries) {
    result.set(entry.account, (result.get(entry.account) ?? 0) + entry.amountCents);
  }
  return result;
}

export function balanceOf(entries: Iterable<LedgerRow>, account: string): number {
  return balances(entries).get(account) ?? 0;
}

export interface LedgerProblem {
  groupId: string;
  problem: string;
}

/**
 * Everything wrong with a set of rows; empty when the ledger is sound. Checked per group:
 * integer non-zero amounts, a zero sum, one kind, one dare; memo accounts used only by
 * releases and releases touching only memo accounts. Across groups: no escrow or memo
 * account ends negative / non-zero.
 */
export function checkLedger(entries: readonly LedgerEntry[]): LedgerProblem[] {
  const problems: LedgerProblem[] = [];
  // Node 20 has no Map.groupBy.
  const groups = new Map<string, LedgerEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.groupId);
    if (group) group.push(entry);
    else groups.set(entry.groupId, [entry]);
  }
  for (const [groupId, rows] of groups) {
    const report = (problem: string) => problems.push({ groupId, problem });
    for (const row of rows) {
      if (!Number.isSafeInteger(row.amountCents)) {
        report(`non-integer amount ${row.amountCents} on ${row.account}`);
      } else if (row.amountCents === 0) {
        report(`zero amount on ${row.account}`);
      }
      if (isMemoAccount(row.account) !== (row.kind === 'release')) {
        report(`${row.kind} row on ${row.account}: memo accounts are for releases only`);
      }
    }
    const sum = rows.reduce((total, row) => total + row.amountCents, 0);
    if (sum !== 0) report(`group sums to ${sum}, not 0`);
    if (new Set(rows.map((row) => row.kind)).size > 1) report('group mixes kinds');
    if (new Set(rows.map((row) => row.dareId)).size > 1) report('group spans dares');
  }
  for (const [account, balance] of balances(entries)) {
    if (account.startsWith('escrow:') && balance < 0) {
      problems.push({ groupId: '*', problem: `${account} is negative (${balance})` });
    }
    if (isMemoAccount(account) && balance !== 0) {
      problems.push({ groupId: '*', problem: `${account} does not net to zero (${balance})` });
    }
  }
  return problems;
}
