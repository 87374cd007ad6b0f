import { and, desc, eq, ne } from 'drizzle-orm';
import { BILLING_MESSAGES, type SavedPaymentMethod } from '@/contracts/billing';
import type { PaymentMethod } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { userPaymentMethods, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { attachToUser, detachFromGateway, detachQuietly } from './gateway-calls';

/*
 * Saved cards (Billing & Payment). Our rows mirror what the gateway attached to the user's
 * customer: brand, last4 and expiry only. Every change to a user's rows runs in a transaction
 * that first locks the user's row, so two requests never both leave a default (or none) behind;
 * the partial unique index `user_payment_methods_one_default` is the last line of defence.
 * Gateway calls happen outside those transactions (PGlite has one connection).
 */

type Row = typeof userPaymentMethods.$inferSelect;

const toView = (row: Row): SavedPaymentMethod => ({
  id: row.gatewayPaymentMethodId,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
});

const cardColumns = (method: PaymentMethod) => ({
  gatewayPaymentMethodId: method.id,
  brand: method.brand,
  last4: method.last4,
  expMonth: method.expMonth,
  expYear: method.expYear,
});

const owned = (userId: number, paymentMethodId: string) =>
  and(
    eq(userPaymentMethods.userId, userId),
    eq(userPaymentMethods.gatewayPaymentMethodId, paymentMethodId),
  );

async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function findOwned(db: Db | Tx, userId: number, paymentMethodId: string): Promise<Row> {
  const [row] = await db.select().from(userPaymentMethods).where(owned(userId, paymentMethodId));
  if (!row) throw notFound(BILLING_MESSAGES.notFound);
  return row;
}

/** Clears the user's default, except on `keep`. */
async function clearDefault(tx: Tx, userId: number, keep: string) {
  await tx
    .update(userPaymentMethods)
    .set({ isDefault: false })
    .where(
      and(
        eq(userPaymentMethods.userId, userId),
        eq(userPaymentMethods.isDefault, true),
        ne(userPaymentMethods.gatewayPaymentMethodId, keep),
      ),
    );
}

/** Default first, then newest. */
export async function listPaymentMethods(
  ctx: AppContext,
  userId: number,
): Promise<SavedPaymentMethod[]> {
  const rows = await ctx.db
    .select()
    .from(userPaymentMethods)
    .where(eq(userPaymentMethods.userId, userId))
    .orderBy(
      desc(userPaymentMethods.isDefault),
      desc(userPaymentMethods.createdAt),
      desc(userPaymentMethods.id),
    );
  return rows.map(toView);
}

/**
 * Saves a card the client made at the gateway. The first card becomes the default; saving the
 * same card again changes nothing but the default flag when asked.
 */
export async function addPaymentMethod(
  ctx: AppContext,
  userId: number,
  input: { paymentMethodId: string; setAsDefault?: boolean },
): Promise<{ created: boolean; paymentMethod: SavedPaymentMethod }> {
  const method = await attachToUser(ctx, userId, input.paymentMethodId);
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const rows = await tx
      .select()
      .from(userPaymentMethods)
      .where(eq(userPaymentMethods.userId, userId));
    const existing = rows.find((row) => row.gatewayPaymentMethodId === method.id);
    const otherDefault = rows.some((row) => row.isDefault && row !== existing);
    const isDefault = input.setAsDefault === true || !otherDefault;
    if (isDefault) await clearDefault(tx, userId, method.id);
    const [row] = await tx
      .insert(userPaymentMethods)
      .values({ userId, ...cardColumns(method), isDefault })
      .onConflictDoUpdate({
        target: [userPaymentMethods.userId, userPaymentMethods.gatewayPaymentMethodId],
        set: { isDefault },
      })
      .returning();
    return { created: !existing, paymentMethod: toView(row!) };
  });
}

export async function setDefaultPaymentMethod(
  ctx: AppContext,
  userId: number,
  paymentMethodId: string,
): Promise<SavedPaymentMethod> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await findOwned(tx, userId, paymentMethodId);
    await clearDefault(tx, userId, paymentMethodId);
    const [row] = await tx
      .update(userPaymentMethods)
      .set({ isDefault: true })
      .where(owned(userId, paymentMethodId))
      .returning();
    return toView(row!);
  });
}

/**
 * Replaces a saved card by a new one, which takes over its default flag. Our rows change in
 * one transaction; the old card is detached at the gateway once they have.
 */
export async function replacePaymentMethod(
  ctx: AppContext,
  userId: number,
  paymentMethodId: string,
  newPaymentMethodId: string,
): Promise<SavedPaymentMethod> {
  const old = await findOwned(ctx.db, userId, paymentMethodId);
  if (newPaymentMethodId === paymentMethodId) return toView(old);
  const [before] = await ctx.db
    .select({ id: userPaymentMethods.id })
    .from(userPaymentMethods)
    .where(owned(userId, newPaymentMethodId));
  const method = await attachToUser(ctx, userId, newPaymentMethodId);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [removed] = await tx
        .delete(userPaymentMethods)
        .where(owned(userId, paymentMethodId))
        .returning();
      // Deleted by a concurrent request after our first look.
      if (!removed) throw notFound(BILLING_MESSAGES.notFound);
      const [saved] = await tx.select().from(userPaymentMethods).where(owned(userId, method.id));
      const isDefault = removed.isDefault || Boolean(saved?.isDefault);
      const [row] = await tx
        .insert(userPaymentMethods)
        .values({ userId, ...cardColumns(method), isDefault })
        .onConflictDoUpdate({
          target: [userPaymentMethods.userId, userPaymentMethods.gatewayPaymentMethodId],
          set: { isDefault },
        })
        .returning();
      return row!;
    });
    await detachQuietly(ctx, paymentMethodId);
    return toView(row);
  } catch (error) {
    // Undo the attach, unless the new card was already one of the user's saved cards.
    if (!before) await detachQuietly(ctx, method.id);
    throw error;
  }
}

/**
 * Removes a saved card: detached at the gateway first (so a failure there leaves it listed and
 * the user can retry), then our row. The newest remaining card becomes the default.
 */
export async function deletePaymentMethod(
  ctx: AppContext,
  userId: number,
  paymentMethodId: string,
): Promise<void> {
  await findOwned(ctx.db, userId, paymentMethodId);
  await detachFromGateway(ctx, paymentMethodId);
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [removed] = await tx
      .delete(userPaymentMethods)
      .where(owned(userId, paymentMethodId))
      .returning();
    if (!removed) throw notFound(BILLING_MESSAGES.notFound);
    if (!removed.isDefault) return;
    const [newest] = await tx
      .select({ id: userPaymentMethods.id })
      .from(userPaymentMethods)
      .where(eq(userPaymentMethods.userId, userId))
      .orderBy(desc(userPaymentMethods.createdAt), desc(userPaymentMethods.id))
      .limit(1);
    if (!newest) return;
    await tx
      .update(userPaymentMethods)
      .set({ isDefault: true })
      .where(eq(userPaymentMethods.id, newest.id));
  });
}
