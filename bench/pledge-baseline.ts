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
  /** The dare's creator (one of userIds; never pledges). */
  creatorId: number;
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

type Achievement = { id: number; name: string; metric: string; maxProgress: number };

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
    const creator = pledgers.find((p) => p.userId === options.creatorId)!;
    const pledging = pledgers.filter((p) => p !== creator);
    // The catalogue is kept in memory by the app (record-progress.ts): read once here too.
    const catalogue: Achievement[] = (
      await pool.query(
        `select id, name, split_part(requirement, ':', 1) as metric, max_progress
           from achievements
          where is_active and split_part(requirement, ':', 1) in ('pledges_made', 'dollars_pledged')
          order by id`,
      )
    ).rows.map((r) => ({ id: r.id, name: r.name, metric: r.metric, maxProgress: r.max_progress }));
    const flow = (client: number, n: number) =>
      oneFlow(
        pool,
        pledging[client % pledging.length]!,
        creator,
        options.dareId,
        5 + (n % 20),
        catalogue,
      );
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
  catalogue: Achievement[],
) {
  const { userId } = pledger;
  const cents = dollars * 100;
  // No session lookups: the app keeps each for 10 s (src/server/caches.ts, decision 0027), so
  // a client's flows send none after its first request; the baseline sends none either.

  // POST /api/pledges (one transaction: answerOnce, decision 0031; the bench sends no key).
  // The answer is built from the rows read and inserted (no second read, decision 0054).
  let pledgeId = 0;
  await inTransaction(pool, async (tx) => {
    await tx.query(S.dareOpenAndPledger, [userId, dareId]);
    pledgeId = (await tx.query(S.insertPledge, [userId, dareId, cents])).rows[0].id;
  });

  // POST /api/pledges/payment-intent: pledge, dare and gateway customer in one read.
  await pool.query(S.pledgeDareCustomer, [pledgeId]);
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
    const confirm = ['requires_capture', methodId, captureBefore, null, new Date(), intentId];
    await tx.query(S.setMethodAndConfirmIntent, confirm);
    await tx.query(S.saveCardForLater, [pledger.customerId, methodId]);
  });
  await inTransaction(pool, async (tx) => {
    await tx.query(S.lockPledgeOfIntent, [intentId]);
    const now = new Date();
    const authorize = ['authorized', methodId, now, captureBefore, now, pledgeId, 'pending'];
    await tx.query(S.authorizePledge, authorize);
    await recordPledgeProgress(tx, pledger, catalogue);
    await tx.query(S.dareForNotices, [userId, dareId]);
    if (userId !== creator.userId) {
      const data = { dareTitle: 'Baseline dare', amountCents: cents, pledgerName: pledger.name };
      const subject = `${pledger.name} pledged $${(cents / 100).toFixed(2)} to "Baseline dare"`;
      await notifyUser(tx, creator, 'pledge_received', dareId, data, subject, true);
    }
    await tx.query(S.moveDareTotals, [dareId, cents, 1, cents]);
  });
}

/** The achievements of the two pledge metrics (record-progress.ts): locked, measured, moved. */
async function recordPledgeProgress(tx: pg.PoolClient, pledger: Pledger, catalogue: Achievement[]) {
  const { userId } = pledger;
  const ids = catalogue.map((row) => row.id);
  let locked = (await tx.query(S.lockUserAchievements, [userId, ...ids])).rows;
  if (locked.length < catalogue.length) {
    // A user's first pledge (the app's insert of the missing rows, then the lock again).
    await tx.query(
      `insert into user_achievements (user_id, achievement_id, max_progress)
       select $1, a.id, a.max_progress from achievements a where a.id = any($2)
       on conflict (user_id, achievement_id) do nothing`,
      [userId, ids],
    );
    locked = (await tx.query(S.lockUserAchievements, [userId, ...ids])).rows;
  }
  const live = ['authorized', 'requires_action', 'captured'];
  const measured = (await tx.query(S.pledgeMetrics, [userId, ...live])).rows[0];
  const moves: number[] = [];
  const unlocks: Array<{ achievement: Achievement; rowId: number }> = [];
  for (const row of locked) {
    const achievement = catalogue.find((a) => a.id === row.achievement_id)!;
    const value = achievement.metric === 'pledges_made' ? measured.count : measured.int4;
    if (row.is_unlocked) continue;
    if (value >= achievement.maxProgress) unlocks.push({ achievement, rowId: row.id });
    else if (value !== row.progress) moves.push(row.id, value, achievement.maxProgress);
  }
  for (const { achievement, rowId } of unlocks) {
    // The app's guarded unlock (one update) and its notification (no push for this kind).
    const max = achievement.maxProgress;
    await tx.query(S.unlockAchievement, [max, max, true, rowId]);
    const data = { achievementName: achievement.name };
    await notifyUser(
      tx,
      pledger,
      'achievement_unlocked',
      null,
      data,
      'Achievement Unlocked!',
      false,
    );
  }
  if (moves.length) await tx.query(S.updateAchievementProgress(moves.length / 3), moves);
}

/** notify(): the notification with its unread count, its live event, push and email. */
async function notifyUser(
  tx: pg.PoolClient,
  to: Pledger,
  kind: string,
  dareId: number | null,
  data: unknown,
  subject: string,
  pushed: boolean,
) {
  const notified = await tx.query(S.insertNotificationWithUnread, [
    to.userId,
    to.userId,
    kind,
    dareId,
    JSON.stringify(data),
    to.userId,
  ]);
  const { id, unread } = notified.rows[0];
  const live = { notificationId: id, unreadCount: Number(unread), dareId };
  await tx.query(S.insertLiveEventAndNotify, [
    JSON.stringify([{ user_id: to.userId, kind: 'notification', data: live }]),
    'rows:',
    'live_events',
    7900,
    String(to.userId),
  ]);
  if (pushed) await tx.query(S.queuePush, ['send-push', id, 5, to.userId, kind]);
  const text = `Hi ${to.name},\n\n${subject}.\n\nOpen in Darefund: /dares/${dareId}`;
  const html = `<p>Hi ${to.name},</p><p><strong>${subject}.</strong></p>`;
  await tx.query(S.insertMailOutboxIfAllowed, [
    to.email,
    subject,
    text,
    html,
    kind,
    to.userId,
    to.email.toLowerCase(),
    kind,
    to.userId,
    kind,
  ]);
}
