import { and, eq, isNull } from 'drizzle-orm';
import { paymentGateway } from '../../adapters/payments/create-gateway';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';

/**
 * The user's customer at the gateway (made on first need). Pledges and saved cards hang off
 * it so a card saved for off-session use can renew holds later. The gateway call is
 * idempotent per user, so two requests racing here make one customer, and the guarded
 * update keeps whichever id was stored first.
 */
export async function ensureCustomer(ctx: AppContext, userId: number): Promise<string> {
  const [user] = await ctx.db
    .select({ email: users.email, name: users.displayName, customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  if (user.customerId) return user.customerId;

  const customer = await paymentGateway(ctx).createCustomer({
    email: user.email,
    ...(user.name ? { name: user.name } : {}),
    idempotencyKey: `customer:user:${userId}`,
  });
  await ctx.db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const [stored] = await ctx.db
    .select({ customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  return stored!.customerId ?? customer.id;
}
