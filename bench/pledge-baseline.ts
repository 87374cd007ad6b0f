// The baseline of the pledge bench (issue 14, target 2): the SQL statements of one pledge
// flow (bench/pledge-flow-statements.ts, captured from the app) run straight through `pg`,
// with the app's transactions, the same parameter shapes and new rows per flow, by as many
// concurrent clients as the app's run, on a pool as large as the app's (db/client.ts).
// Statements the app sends outside a transaction go through pool.query like Drizzle's;
// a transaction holds one connection from BEGIN to COMMIT, as the app's do.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LoadResult } from './pledge-bench';
import { FLOW_STATEMENTS as S } from './pledge-flow-statements';

/** The app's pool size: openDatabase's default, which main.ts uses. */
export const APP_POOL_SIZE = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

type Options = {
  databaseUrl: string;
  /** The bench's users (their sessions and gateway customers made by the app's run). */
  userIds: number[];
  dareId: number;
  clients: number;
  seconds: number;
  closedLoop: (
    clients: number,
    seconds: number,
    flow: (client: number, n: number) => Promise<void>,
  ) => Promise<LoadResult>;
};

type Pledger = {
  userId: number;
  tokenHash: string;
  customerId: string;
  email: string;
  name: string;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').slice(0, 24)}`;

export async function runBaselineFlows(
  options: Options,
): Promise<LoadResult & { poolSize: number; statementsPerFlow: number }> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: APP_POOL_SIZE });
  let statements = 0;
  // Counted like the app's (bench/lib/log-sql.mjs): every query a client sends.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (...args) => {
      statements++;
      return query(...args);
    };
  });
  try {
    const { rows } = await pool.query(
      `select distinct on (u.id) u.id, s.token_hash, u.stripe_customer_id, u.email, u.username
         from users u join sessions s on s.user_id = u.id
        where u.id = any($1) order by u.id, s.id desc`,
      [options.userIds],
    );
    const pledgers: Pledger[] = rows.map((r) => ({
      userId: r.id,
      tokenHash: r.token_hash,
      customerId: r.stripe_customer_id,
      email: r.email,
      name: r.username,
    }));
    const creator = pledgers[0]!;
    const flow = (client: number, n: number) =>
      oneFlow(pool, pledgers[client % pledgers.length]!, creator, options.dareId, 5 + (n % 20));
    statements = 0;
    const result = await options.closedLoop(options.clients, options.seconds, flow);
    const statementsPerFlow = statements / (result.allFlows || 1);
    return { ...result, poolSize: APP_POOL_SIZE, statementsPerFlow };
  } finally {
    await pool.end();
  }
}

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function oneFlow(
  pool: pg.Pool,
  pledger: Pledger,
  creator: Pledger,
  dareId: number,
  dollars: number,
) {
  const { userId } = pledger;
  const cents = dollars * 100;
  // No session lookups: the app keeps each for 10 s (src/server/caches.ts, decision 0027), so
  // a client's flows send none after its first request; the baseline sends none either.

  // POST /api/pledges (one transaction: answerOnce, decision 0031; the bench sends no key)
  let pledgeId = 0;
  await inTransaction(pool, async (tx) => {
    await tx.query(S.dareOpen, [dareId]);
    pledgeId = (await tx.query(S.insertPledge, [userId, dareId, cents])).rows[0].id;
    await tx.query(S.pledgeView, [pledgeId]);
  });

  // POST /api/pledges/payment-intent
  await pool.query(S.ownPledge, [pledgeId]);
  await pool.query(S.dareOpen, [dareId]);
  await pool.query(S.customerOfUser, [userId]);
  const intentId = newId('pi');
  const secret = `${intentId}_secret_${randomBytes(18).toString('base64url')}`;
  const key = `pledge:${pledgeId}:intent`;
  const metadata = { purpose: 'pledge', pledgeId: String(pledgeId), dareId: String(dareId) };
  await inTransaction(pool, async (tx) => {
    const hash = createHash('sha256').update(key).digest('hex');
    await tx.query(S.insertIdempotencyKey, [key, hash, JSON.stringify({ pending: true })]);
    await tx.query('savepoint sp1');
    await tx.query(S.gatewayCustomer, [pledger.customerId]);
    const intent = await tx.query(S.insertIntent, [
      intentId,
      secret,
      cents,
      'requires_payment_method',
      'manual',
      null,
      pledger.customerId,
      'off_session',
      JSON.stringify({ ...metadata, userId: String(userId) }),
    ]);
    await tx.query('release savepoint sp1');
    await tx.query(S.storeIdempotentResponse, [JSON.stringify({ ok: intent.rows[0] }), key]);
  });
  await pool.query(S.attachIntentToPledge, [intentId, secret, new Date(), pledgeId]);

  // POST /api/payments/simulated/confirm
  const methodId = newId('pm');
  const captureBefore = new Date(Date.now() + 7 * DAY_MS);
  await inTransaction(pool, async (tx) => {
    await tx.query(S.lockIntentBySecret, [secret]);
    await tx.query(S.insertPaymentMethod, [
      methodId,
      'visa',
      '4242',
      12,
      2030,
      'succeed',
      'Bench Pledger',
    ]);
    const set = ['requires_confirmation', methodId, null, new Date(), intentId];
    await tx.query(S.setIntentPaymentMethod, set);
    await tx.query(S.confirmIntent, [
      'requires_capture',
      captureBefore,
      null,
      new Date(),
      intentId,
    ]);
    await tx.query(S.saveCardForLater, [pledger.customerId, methodId]);
  });
  await pool.query(S.pledgeOfIntent, [intentId]);
  await inTransaction(pool, async (tx) => {
    await tx.query(S.lockPledge, [pledgeId]);
    const now = new Date();
    const authorize = ['authorized', methodId, now, captureBefore, now, pledgeId, 'pending'];
    await tx.query(S.authorizePledge, authorize);
    await recordPledgeProgress(tx, userId);
    await tx.query(S.dareForNotices, [dareId]);
    if (userId !== creator.userId) await notifyCreator(tx, pledger, creator, dareId, cents);
    await tx.query(S.moveDareTotals, [dareId, cents, 1, cents]);
  });
}

/** achievements: the pledger's rows for the two pledge metrics, locked, measured, moved. */
async function recordPledgeProgress(tx: pg.PoolClient, userId: number) {
  const catalogue = (await tx.query(S.achievementCatalogue, [true])).rows.filter((row) =>
    /^(pledges_made|dollars_pledged):/.test(row.requirement),
  );
  const ids = catalogue.map((row) => row.id);
  let locked = (await tx.query(S.lockUserAchievements, [userId, ...ids])).rows;
  if (locked.length < catalogue.length) {
    const values = catalogue.flatMap((row) => [userId, row.id, row.max_progress]);
    await tx.query(S.insertUserAchievements, values);
    locked = (await tx.query(S.lockUserAchievements, [userId, ...ids])).rows;
  }
  const live = ['authorized', 'requires_action', 'captured'];
  const measured = (await tx.query(S.pledgeMetrics, [userId, ...live])).rows[0];
  for (const row of locked) {
    const achievement = catalogue.find((a) => a.id === row.achievement_id)!;
    const value = achievement.requirement.startsWith('pledges_made')
      ? measured.count
      : measured.int4;
    const progress = Math.min(value, achievement.max_progress);
    if (row.is_unlocked || progress === row.progress) continue;
    await tx.query(S.updateAchievementProgress, [progress, achievement.max_progress, row.id]);
  }
}

/** notify(): the creator's notification, its live event and its email, as in the app. */
async function notifyCreator(
  tx: pg.PoolClient,
  pledger: Pledger,
  creator: Pledger,
  dareId: number,
  cents: number,
) {
  const kind = 'pledge_received';
  await tx.query(S.pledgerName, [pledger.userId]);
  await tx.query(S.notifiedUser, [creator.userId]);
  const data = { dareTitle: 'Baseline dare', amountCents: cents, pledgerName: pledger.name };
  const notification = await tx.query(S.insertNotification, [
    creator.userId,
    kind,
    dareId,
    JSON.stringify(data),
  ]);
  const unread = (await tx.query(S.unreadCount, [creator.userId])).rows[0].count;
  const live = { notificationId: notification.rows[0].id, unreadCount: Number(unread) };
  await tx.query(S.insertLiveEventAndNotify, [
    creator.userId,
    'notification',
    JSON.stringify(live),
    'live_events',
    String(creator.userId),
  ]);
  await tx.query(S.emailAllowed, [creator.email, kind, creator.userId, kind]);
  const subject = `${pledger.name} pledged $${(cents / 100).toFixed(2)} to "Baseline dare"`;
  const text = `Hi ${creator.name},\n\n${subject}.\n\nOpen in Darefund: /dares/${dareId}`;
  const html = `<p>Hi ${creator.name},</p><p><strong>${subject}.</strong></p>`;
  await tx.query(S.insertMailOutbox, [creator.email, subject, text, html, kind, creator.userId]);
}
