import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '@/server/adapters/payments/gateway';
import type { Db } from '@/server/db/client';
import { gatewayPaymentIntents, ledgerEntries, pledges } from '@/server/db/schema';
import { PNG_BYTES, toDataUrl } from './fixtures';
import { sessionCookie, uniqueAddress } from './users';

/** DELETE /api/account with the password, as the Delete account screen sends it. */
export const deleteAccountRequest = (app: FastifyInstance, cookie: string, password: string) =>
  app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: { cookie },
    payload: { password },
  });

/** Another signed-in browser of the same account. */
export async function logInAgain(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueAddress(),
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return sessionCookie(response);
}

/** A profile picture uploaded the way the profile editor does; returns its /media address. */
export async function uploadProfilePicture(app: FastifyInstance, cookie: string) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    headers: { cookie },
    payload: { profilePicture: toDataUrl(PNG_BYTES, 'image/png') },
  });
  if (response.statusCode !== 200) throw new Error(`picture refused: ${response.body}`);
  return response.json().profilePicture as string;
}

/** A card saved in Billing & Payment through the simulated gateway; returns its id. */
export async function saveCard(app: FastifyInstance, cookie: string) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/payments/simulated/payment-methods',
    headers: { cookie },
    payload: {
      card: { number: '5555555555554444', expMonth: 12, expYear: 2031, cvc: '123' },
      billingDetails: { name: 'Leaving User' },
    },
  });
  const id = made.json().id as string;
  const saved = await app.inject({
    method: 'POST',
    url: '/api/user/payment-methods',
    headers: { cookie },
    payload: { paymentMethodId: id, setAsDefault: true },
  });
  if (saved.statusCode >= 300) throw new Error(`card not saved: ${saved.body}`);
  return id;
}

/**
 * The gateway with a process death in the middle: the `failAt`-th hold cancellation (1 = the
 * first) throws an error that is not a gateway answer, as a killed process would leave it.
 */
export function gatewayDyingAt(gateway: PaymentGateway, failAt: number): PaymentGateway {
  let cancels = 0;
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'cancelPaymentIntent') return value;
      return async (input: Parameters<PaymentGateway['cancelPaymentIntent']>[0]) => {
        cancels += 1;
        if (cancels === failAt) throw new Error('process killed (simulated)');
        return target.cancelPaymentIntent(input);
      };
    },
  });
}

/** The user's pledges that still hold (or could hold) money. */
export async function openPledgesOf(db: Db, userId: number) {
  return db
    .select({ id: pledges.id, status: pledges.status })
    .from(pledges)
    .where(
      and(
        eq(pledges.userId, userId),
        inArray(pledges.status, ['pending', 'authorized', 'requires_action']),
      ),
    );
}

/** Card holds at the gateway on the user's pledges (requires_capture intents). */
export async function heldIntentsOf(db: Db, userId: number) {
  return db
    .select({ pledgeId: pledges.id, status: pledges.status })
    .from(pledges)
    .innerJoin(gatewayPaymentIntents, eq(gatewayPaymentIntents.id, pledges.paymentIntentId))
    .where(and(eq(pledges.userId, userId), eq(gatewayPaymentIntents.status, 'requires_capture')));
}

/** How many release groups the ledger holds per pledge: a double release shows as 2. */
export async function releaseGroupsPerPledge(db: Db, pledgeIds: number[]) {
  if (pledgeIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      pledgeId: ledgerEntries.pledgeId,
      groups: sql<number>`count(distinct ${ledgerEntries.groupId})::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'release'), inArray(ledgerEntries.pledgeId, pledgeIds)))
    .groupBy(ledgerEntries.pledgeId);
  return new Map(rows.map((row) => [row.pledgeId!, Number(row.groups)]));
}
