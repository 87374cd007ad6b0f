import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PaymentGatewayError } from '@/server/adapters/payments/gateway';
import { SimulatedGateway } from '@/server/adapters/payments/simulated-gateway';
import type { Db } from '@/server/db/client';
import type { TestApp } from '../support/test-app';

// Both drivers answer raw queries with `{ rows }`; the shared Db type leaves it untyped.
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Rows, in any table of the database, whose text contains one of the card numbers. */
export async function cardNumberRows(db: Db, numbers: string[]): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    for (const number of numbers) {
      const hits = await rows<{ row: string }>(
        db,
        sql`SELECT t::text AS row FROM ${sql.identifier(name)} AS t WHERE t::text LIKE ${`%${number}%`}`,
      );
      found.push(...hits.map((hit) => `${name}: ${hit.row}`));
    }
  }
  return found;
}

/** The PaymentGatewayError a call fails with. */
export async function failure(call: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PaymentGatewayError)) {
    throw new Error(`expected a gateway error, got ${String(error)}`);
  }
  return error;
}

export const key = () => randomUUID();

/**
 * A simulated gateway over the test app's database with a clock the test moves, and the
 * steps the flows share. Remembers every card number used, for the database scan.
 */
export function gatewayHarness(t: TestApp) {
  const clock = { now: new Date() };
  const gateway = new SimulatedGateway(t.app.ctx.db, { now: () => clock.now });
  const usedNumbers = new Set<string>();
  const newCard = (number: string) => {
    usedNumbers.add(number);
    return gateway.createPaymentMethod({
      card: { number, expMonth: 12, expYear: 2030, cvc: '123' },
      billingDetails: { name: 'Ada Lovelace' },
    });
  };
  const newIntent = () =>
    gateway.createPaymentIntent({
      amountCents: 1000,
      captureMethod: 'manual',
      idempotencyKey: key(),
    });
  /** Card -> manual-capture intent -> the client's confirm (returned unawaited). */
  const authorize = async (number: string) => {
    const method = await newCard(number);
    const intent = await newIntent();
    const confirm = gateway.confirmPaymentIntent({
      clientSecret: intent.clientSecret,
      paymentMethodId: method.id,
    });
    return { method, intent, confirm };
  };
  const capture = (id: string) => gateway.capturePaymentIntent({ id, idempotencyKey: key() });
  return { gateway, clock, usedNumbers, newCard, newIntent, authorize, capture };
}
