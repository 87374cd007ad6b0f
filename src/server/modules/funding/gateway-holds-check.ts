import { and, eq, lt, sql } from 'drizzle-orm';
import { centsToDollars } from '@/contracts/money';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { gatewayPaymentIntents, pledges } from '../../db/schema';
import { UNUSED_FUNDING_RELEASE_MS } from '../pledges/pre-dare-funding';
import { pendingWithIntentBefore } from '../pledges/reconcile-pending';

const MINUTE_MS = 60 * 1000;
/**
 * A hold this fresh may be a confirm whose counting step is still running (milliseconds in
 * practice): the check would report a flow in flight, not a leak.
 */
export const HOLD_IN_FLIGHT_MS = MINUTE_MS;
/** A public-dare funding hold is expected until its release job has run (plus its lag). */
const PRE_DARE_WINDOW_MS = UNUSED_FUNDING_RELEASE_MS + 15 * MINUTE_MS;

const dollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

/**
 * Card holds at the gateway that no live pledge accounts for: money blocked on someone's
 * card that no dare counts (a crash between authorization and counting, a release whose
 * cancel was lost). A hold is accounted for by a live pledge resting on the intent, or, for
 * a public dare's funding intent not yet used by a dare, by its release window.
 *
 * The simulated gateway's intents are all in our database, so every hold is checked, also
 * ones the app never recorded. With Stripe only intents the app knows of can be checked: the
 * intents of pending pledges are retrieved from the gateway (pass it); holds Stripe has that
 * no pledge names (e.g. a pre-dare intent whose release job was lost) are not seen.
 */
export async function uncountedGatewayHolds(
  db: Db,
  { now, gateway }: { now: Date; gateway?: PaymentGateway },
): Promise<string[]> {
  const settled = new Date(now.getTime() - HOLD_IN_FLIGHT_MS);
  const live = sql.join(
    LIVE_PLEDGE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await db
    .select({
      id: gatewayPaymentIntents.id,
      amountCents: gatewayPaymentIntents.amountCents,
      pledgeId: pledges.id,
      pledgeStatus: pledges.status,
    })
    .from(gatewayPaymentIntents)
    .leftJoin(pledges, eq(pledges.paymentIntentId, gatewayPaymentIntents.id))
    .where(
      and(
        eq(gatewayPaymentIntents.status, 'requires_capture'),
        lt(gatewayPaymentIntents.updatedAt, settled),
        sql`(${pledges.id} is null or ${pledges.status}::text not in (${live}))`,
        // coalesce: an intent without a purpose must not turn the test into NULL (= excluded).
        sql`not (${pledges.id} is null and coalesce(${gatewayPaymentIntents.metadata}->>'purpose', '') = 'pre_dare' and ${gatewayPaymentIntents.createdAt} > ${new Date(now.getTime() - PRE_DARE_WINDOW_MS)})`,
      ),
    );
  const problems = rows.map((row) => {
    const owner = row.pledgeId ? `${row.pledgeStatus} pledge ${row.pledgeId}` : 'no pledge';
    return `gateway hold ${row.id} (${dollars(row.amountCents)}, ${owner}): no live pledge accounts for it`;
  });
  if (gateway?.kind === 'stripe')
    problems.push(...(await pendingPledgeHolds(db, gateway, settled)));
  return problems;
}

/** Stripe mode: the held intents of pending pledges, as far as the app knows of them. */
async function pendingPledgeHolds(db: Db, gateway: PaymentGateway, settled: Date) {
  const pending = await db
    .select({ id: pledges.id, intentId: pledges.paymentIntentId })
    .from(pledges)
    .where(pendingWithIntentBefore(settled));
  const problems: string[] = [];
  for (const pledge of pending) {
    const intent = await gateway.retrievePaymentIntent(pledge.intentId!);
    if (intent.status !== 'requires_capture') continue;
    problems.push(
      `gateway hold ${intent.id} (${dollars(intent.amountCents)}, pending pledge ${pledge.id}): no live pledge accounts for it`,
    );
  }
  return problems;
}
