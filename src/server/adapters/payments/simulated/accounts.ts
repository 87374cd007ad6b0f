import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import {
  gatewayConnectedAccounts,
  gatewayCustomers,
  gatewayPaymentMethods,
  gatewayTransfers,
} from '../../../db/schema';
import { PaymentGatewayError, type PaymentMethod } from '../gateway';
import { setupRefusal } from './cards';
import { idempotent } from './idempotency';
import { newId } from './ids';
import { SPENT_METHOD_MESSAGE } from './ownership';
import { behaviorOf, findMethod, missing, toMethod } from './rows';

/** Customers, saved cards, payout accounts and transfers of the simulated gateway. */

export const createCustomer = (
  db: Db,
  input: { email: string; name?: string; idempotencyKey: string },
) => {
  const { idempotencyKey: key, ...params } = input;
  return idempotent(db, { key, operation: 'customers.create', params }, async (tx) => {
    const id = newId('cus');
    await tx.insert(gatewayCustomers).values({ id, email: params.email, name: params.name });
    return { ok: { id } };
  });
};

const customerById = reusableStatement((db) =>
  db
    .select({ id: gatewayCustomers.id })
    .from(gatewayCustomers)
    .where(eq(gatewayCustomers.id, sql.placeholder('id'))),
);

export async function requireCustomer(tx: Tx, id: string) {
  const [customer] = await customerById(tx, { id });
  if (!customer) throw missing('customer', id);
}

type AttachInput = { paymentMethodId: string; customerId: string };

export const attachPaymentMethod = (db: Db, input: AttachInput): Promise<PaymentMethod> =>
  db.transaction((tx) => attach(tx, input));

/**
 * A SetupIntent created and confirmed in one call (decision 0031): the card is checked as
 * Stripe checks it when saving it for later (setupRefusal) and attached to the customer only
 * when it passes. Keyed, so a repeat gets the same answer, a refusal included.
 */
export const setUpPaymentMethod = (db: Db, input: AttachInput & { idempotencyKey: string }) => {
  const { idempotencyKey: key, ...params } = input;
  return idempotent<PaymentMethod>(
    db,
    { key, operation: 'setup_intents.create', params },
    async (tx) => {
      const method = await findMethod(tx, params.paymentMethodId);
      const refusal = setupRefusal(behaviorOf(method));
      if (refusal) return { error: refusal };
      return { ok: await attach(tx, params) };
    },
  );
};

async function attach(tx: Tx, input: AttachInput): Promise<PaymentMethod> {
  await requireCustomer(tx, input.customerId);
  const method = await findMethod(tx, input.paymentMethodId);
  // Attaching again to the same customer is a no-op; a card belongs to one customer.
  if (method.customerId === input.customerId) return toMethod(method);
  if (method.detachedAt) {
    throw new PaymentGatewayError({
      code: 'payment_method_unexpected_state',
      message: SPENT_METHOD_MESSAGE,
    });
  }
  if (method.customerId) {
    throw new PaymentGatewayError({
      code: 'payment_method_unexpected_state',
      message: 'The payment method you provided has already been attached to a customer.',
    });
  }
  const [row] = await tx
    .update(gatewayPaymentMethods)
    .set({ customerId: input.customerId })
    .where(eq(gatewayPaymentMethods.id, input.paymentMethodId))
    .returning();
  return toMethod(row!);
}

export async function detachPaymentMethod(db: Db, paymentMethodId: string): Promise<void> {
  const rows = await db
    .update(gatewayPaymentMethods)
    .set({ customerId: null, detachedAt: new Date() })
    .where(eq(gatewayPaymentMethods.id, paymentMethodId))
    .returning({ id: gatewayPaymentMethods.id });
  if (rows.length === 0) throw missing('payment_method', paymentMethodId);
}

export const retrievePaymentMethod = async (db: Db, id: string) =>
  toMethod(await db.transaction((tx) => findMethod(tx, id)));

export const createConnectedAccount = (db: Db, input: { email: string; idempotencyKey: string }) =>
  idempotent(
    db,
    { key: input.idempotencyKey, operation: 'accounts.create', params: { email: input.email } },
    async (tx) => {
      const id = newId('acct');
      await tx.insert(gatewayConnectedAccounts).values({ id, email: input.email });
      return { ok: { id } };
    },
  );

export async function retrieveConnectedAccount(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(gatewayConnectedAccounts)
    .where(eq(gatewayConnectedAccounts.id, id));
  if (!row) throw missing('account', id);
  return { id: row.id, verified: row.verified, detailsSubmitted: row.detailsSubmitted };
}

/**
 * The in-app onboarding page stands in for Stripe's hosted one. Unlike Stripe's, it is a page
 * of this app, so the link and its way back are paths (issue 19): they stay on whatever address
 * the browser uses, where its session cookie is, rather than PUBLIC_URL's.
 */
export async function onboardingLink(db: Db, input: { accountId: string; returnUrl: string }) {
  await retrieveConnectedAccount(db, input.accountId);
  const back = new URL(input.returnUrl, 'http://in-app.invalid');
  const query = new URLSearchParams({
    account: input.accountId,
    return: `${back.pathname}${back.search}${back.hash}`,
  });
  return { url: `/payouts/onboarding?${query}` };
}

/** What the in-app onboarding form does when submitted (Stripe's hosted onboarding). */
export async function verifyConnectedAccount(db: Db, id: string) {
  const rows = await db
    .update(gatewayConnectedAccounts)
    .set({ verified: true, detailsSubmitted: true })
    .where(eq(gatewayConnectedAccounts.id, id))
    .returning({ id: gatewayConnectedAccounts.id });
  if (rows.length === 0) throw missing('account', id);
  return retrieveConnectedAccount(db, id);
}

export const createTransfer = (
  db: Db,
  input: {
    amountCents: number;
    destinationAccountId: string;
    metadata?: Record<string, string>;
    idempotencyKey: string;
  },
) => {
  const { idempotencyKey: key, ...params } = input;
  return idempotent(db, { key, operation: 'transfers.create', params }, async (tx) => {
    if (!Number.isInteger(params.amountCents) || params.amountCents < 1) {
      throw new PaymentGatewayError({
        code: 'amount_too_small',
        message: 'A transfer must be a positive amount of cents.',
      });
    }
    const [account] = await tx
      .select()
      .from(gatewayConnectedAccounts)
      .where(eq(gatewayConnectedAccounts.id, params.destinationAccountId))
      // Verification cannot be withdrawn mid-transfer.
      .for('share');
    if (!account) throw missing('account', params.destinationAccountId);
    if (!account.verified) {
      throw new PaymentGatewayError({
        code: 'insufficient_capabilities_for_transfer',
        message:
          'The destination account has not finished onboarding and cannot receive transfers.',
      });
    }
    const id = newId('tr');
    await tx.insert(gatewayTransfers).values({
      id,
      destinationAccountId: account.id,
      amountCents: params.amountCents,
      metadata: params.metadata ?? {},
    });
    return { ok: { id } };
  });
};
