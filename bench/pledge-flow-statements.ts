// The SQL statements one pledge flow (POST /api/pledges -> POST /api/pledges/payment-intent ->
// POST /api/payments/simulated/confirm) makes the app send, word for word, for the baseline
// of bench/pledge-bench.ts (bench/pledge-baseline.ts runs them through `pg`).
//
// How they were captured (recaptured for decisions 0054 and 0060, 33 statements a flow; the
// live event's statement rewritten by hand for decision 0062): the pledge
// bench with two clients, client 0 (the dare's creator) idle so client 1's flows run alone
// and include the creator's notification, and the server started with
//   BENCH_SERVER=source BENCH_NODE_ARGS="--import ./bench/lib/log-sql.mjs" SQL_LOG=/tmp/sql.log
// which logs every statement each pg connection sends (BEGIN, COMMIT and savepoints too);
// one steady flow's lines (the pledger's achievements already exist, none unlocks), in
// order, are below. Recapture them when the flow's queries change: the bench's "statements
// per flow" row compares the app's count with the baseline's and fails when they drift.
// The order and the transactions are in pledge-baseline.ts.
//
// What the app does that the baseline does not: HTTP parsing and answers, cookies, the
// session's HMAC, zod validation of bodies and answers, the security headers, building each
// statement with Drizzle and mapping its rows, the simulated gateway's request hashing and
// card checks, the email template and the JSON of the notification.
export const FLOW_STATEMENTS = {
  dareOpenAndPledger:
    'select "dares"."status", "dares"."expires_at", "dares"."moderation_state", "users"."deleted_at", "dares"."title", "dares"."cover_image", "dares"."pitch_poster" from "dares" inner join "users" on "users"."id" = $1 where "dares"."id" = $2 for share of "users"',
  insertPledge:
    'insert into "pledges" ("id", "user_id", "dare_id", "amount_cents", "status", "payment_intent_id", "client_secret", "payment_method_id", "captured", "authorized_at", "capture_before", "action_required_at", "captured_at", "released_at", "created_at", "updated_at") values (default, $1, $2, $3, default, default, default, default, default, default, default, default, default, default, default, default) returning "id", "user_id", "dare_id", "amount_cents", "status", "payment_intent_id", "client_secret", "payment_method_id", "captured", "authorized_at", "capture_before", "action_required_at", "captured_at", "released_at", "created_at", "updated_at"',
  pledgeDareCustomer:
    'select "pledges"."id", "pledges"."user_id", "pledges"."dare_id", "pledges"."amount_cents", "pledges"."status", "pledges"."payment_intent_id", "pledges"."client_secret", "pledges"."payment_method_id", "pledges"."captured", "pledges"."authorized_at", "pledges"."capture_before", "pledges"."action_required_at", "pledges"."captured_at", "pledges"."released_at", "pledges"."created_at", "pledges"."updated_at", "dares"."status", "dares"."expires_at", "dares"."moderation_state", "users"."stripe_customer_id" from "pledges" inner join "dares" on "dares"."id" = "pledges"."dare_id" inner join "users" on "users"."id" = "pledges"."user_id" where "pledges"."id" = $1',
  insertIdempotencyKey:
    'insert into "gateway_idempotency_keys" ("key", "request_hash", "response", "created_at") values ($1, $2, $3, default) on conflict do nothing returning "key"',
  gatewayCustomer: 'select "id" from "gateway_customers" where "gateway_customers"."id" = $1',
  insertIntent:
    'insert into "gateway_payment_intents" ("id", "client_secret", "amount_cents", "amount_captured_cents", "currency", "status", "capture_method", "payment_method_id", "customer_id", "setup_future_usage", "capture_before", "last_error", "metadata", "created_at", "updated_at") values ($1, $2, $3, default, default, $4, $5, $6, $7, $8, default, default, $9, default, default) returning "id", "client_secret", "amount_cents", "amount_captured_cents", "currency", "status", "capture_method", "payment_method_id", "customer_id", "setup_future_usage", "capture_before", "last_error", "metadata", "created_at", "updated_at"',
  storeIdempotentResponse:
    'update "gateway_idempotency_keys" set "response" = $1 where "gateway_idempotency_keys"."key" = $2',
  attachIntentToPledge:
    'update "pledges" set "payment_intent_id" = $1, "client_secret" = $2, "updated_at" = $3 where ("pledges"."id" = $4 and "pledges"."payment_intent_id" is null)',
  lockIntentBySecret:
    'select "id", "client_secret", "amount_cents", "amount_captured_cents", "currency", "status", "capture_method", "payment_method_id", "customer_id", "setup_future_usage", "capture_before", "last_error", "metadata", "created_at", "updated_at" from "gateway_payment_intents" where "gateway_payment_intents"."client_secret" = $1 for update',
  insertPaymentMethod:
    'insert into "gateway_payment_methods" ("id", "customer_id", "brand", "last4", "exp_month", "exp_year", "behavior", "billing_name", "detached_at", "created_at") values ($1, default, $2, $3, $4, $5, $6, $7, default, default) returning "id", "customer_id", "brand", "last4", "exp_month", "exp_year", "behavior", "billing_name", "detached_at", "created_at"',
  setMethodAndConfirmIntent:
    'update "gateway_payment_intents" set "status" = $1, "payment_method_id" = $2, "capture_before" = $3, "last_error" = $4, "updated_at" = $5 where "gateway_payment_intents"."id" = $6',
  saveCardForLater:
    'update "gateway_payment_methods" set "customer_id" = $1 where "gateway_payment_methods"."id" = $2',
  lockPledgeOfIntent:
    'select "id", "user_id", "dare_id", "amount_cents", "status", "payment_intent_id", "client_secret", "payment_method_id", "captured", "authorized_at", "capture_before", "action_required_at", "captured_at", "released_at", "created_at", "updated_at" from "pledges" where "pledges"."payment_intent_id" = $1 for update',
  authorizePledge:
    'update "pledges" set "status" = $1, "payment_method_id" = $2, "authorized_at" = $3, "capture_before" = $4, "updated_at" = $5 where ("pledges"."id" = $6 and "pledges"."status" = $7) returning "id"',
  lockUserAchievements:
    'select "id", "user_id", "achievement_id", "progress", "max_progress", "is_unlocked", "unlocked_at", "created_at" from "user_achievements" where ("user_achievements"."user_id" = $1 and "user_achievements"."achievement_id" in ($2, $3, $4, $5)) order by "user_achievements"."achievement_id" asc for update',
  pledgeMetrics:
    'select count(*)::int, (coalesce(sum("amount_cents"), 0) / 100)::int from "pledges" where ("pledges"."user_id" = $1 and "pledges"."status" in ($2, $3, $4))',
  // One tuple per achievement row whose progress moves (the capture moved three).
  updateAchievementProgress: (rows: number) =>
    `\n      UPDATE "user_achievements" SET progress = v.progress, max_progress = v.max_progress\n      FROM (VALUES ${Array.from({ length: rows }, (_, r) => `($${3 * r + 1}::int, $${3 * r + 2}::int, $${3 * r + 3}::int)`).join(', ')}) AS v(id, progress, max_progress)\n      WHERE "user_achievements".id = v.id`,
  // An achievement reached (captured from a user's unlock, record-progress.ts unlock()).
  unlockAchievement:
    'update "user_achievements" set "progress" = $1, "max_progress" = $2, "is_unlocked" = $3, "unlocked_at" = now() where ("user_achievements"."id" = $4 and not "user_achievements"."is_unlocked") returning "user_id"',
  dareForNotices:
    'select "title", "creator_id", "taker_id", "moderation_state", (select coalesce("display_name", "username") from "users" where "id" = $1) from "dares" where "dares"."id" = $2',
  insertNotificationWithUnread:
    '\n    WITH u AS (\n      SELECT email, display_name, username FROM "users"\n      WHERE id = $1 AND deleted_at IS NULL\n    ), inserted AS (\n      INSERT INTO "notifications" (user_id, kind, dare_id, data)\n      SELECT $2, $3, $4::int, $5::jsonb\n      FROM u\n      RETURNING id\n    )\n    SELECT u.email, u.display_name, u.username, inserted.id,\n      (SELECT count(*) FROM "notifications"\n        WHERE user_id = $6 AND read_at IS NULL)::int + 1 AS unread\n    FROM u JOIN inserted ON true',
  // The event rows travel in the NOTIFY itself when they fit (live/publish.ts).
  insertLiveEventAndNotify:
    'WITH inserted AS (\n      INSERT INTO live_events (user_id, kind, data)\n      SELECT e.user_id, e.kind, e.data\n      FROM ROWS FROM (jsonb_to_recordset($1::jsonb)\n          AS (user_id int, kind text, data jsonb))\n        WITH ORDINALITY AS e(user_id, kind, data, position)\n      ORDER BY e.position\n      RETURNING id, user_id, kind, data),\n    payload AS (\n      SELECT $2 || json_agg(json_build_array(id, user_id, kind, data) ORDER BY id)::text AS rows\n      FROM inserted)\n    SELECT pg_notify($3,\n      CASE WHEN octet_length(rows) <= $4 THEN rows\n           ELSE $5 END)\n    FROM payload',
  queuePush:
    "\n    INSERT INTO jobs (kind, payload, max_attempts)\n    SELECT $1,\n           jsonb_build_object('subscriptionId', s.id, 'notificationId', $2::int),\n           $3\n    FROM push_subscriptions s\n    JOIN users u ON u.id = s.user_id\n    WHERE s.user_id = $4\n      AND u.deleted_at IS NULL AND NOT (u.suspended_at IS NOT NULL AND (u.suspended_until IS NULL OR u.suspended_until > now()))\n      AND NOT EXISTS (\n        SELECT 1 FROM email_preferences p\n        WHERE p.user_id = s.user_id AND p.kind = $5 AND NOT p.email_enabled)",
  insertMailOutboxIfAllowed:
    '\n    INSERT INTO "mail_outbox" ("to", subject, text, html, kind, user_id)\n    SELECT $1, $2, $3, $4, $5,\n           $6::int\n    WHERE NOT EXISTS (SELECT 1 FROM "email_suppressions" WHERE ("email_suppressions"."email" = $7 and "email_suppressions"."kind" = $8)) AND NOT EXISTS (SELECT 1 FROM "email_preferences" WHERE ("email_preferences"."user_id" = $9 and "email_preferences"."kind" = $10 and not "email_preferences"."email_enabled"))\n    RETURNING id',
  moveDareTotals:
    "\n    with before as (\n      select id, status from dares where id = $1 for no key update\n    )\n    update dares set\n      current_amount_cents = dares.current_amount_cents + $2,\n      pledge_count = dares.pledge_count + $3,\n      status = case\n        when dares.status = 'pending'\n          and dares.current_amount_cents + $4 >= dares.target_amount_cents\n        then 'active'::dare_status else dares.status end\n    from before\n    where dares.id = before.id\n    returning before.status as status_before, dares.status, dares.moderation_state,\n      dares.current_amount_cents, dares.expires_at, dares.taker_id",
} as const;
