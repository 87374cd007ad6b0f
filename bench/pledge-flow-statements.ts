// The SQL statements one pledge flow (POST /api/pledges -> POST /api/pledges/payment-intent ->
// POST /api/payments/simulated/confirm) makes the app send, word for word, for the baseline
// of bench/pledge-bench.ts (bench/pledge-baseline.ts runs them through `pg`).
//
// How they were captured: the pledge bench with one client pledging on another user's dare
// (so the creator's notification is included) and the server started with
//   BENCH_NODE_ARGS="--import ./bench/lib/log-sql.mjs" SQL_LOG=/tmp/sql.log
// which logs every statement each pg connection sends (BEGIN, COMMIT and savepoints too);
// one flow's lines, in order, are below. Recapture them when the flow's queries change, or
// the ratio compares the app with a flow it no longer runs. The order and the transactions
// are in pledge-baseline.ts.
//
// What the app does that the baseline does not: HTTP parsing and answers, cookies, the
// session's HMAC, zod validation of bodies and answers, the security headers, building each
// statement with Drizzle and mapping its rows, the simulated gateway's request hashing and
// card checks, the email template and the JSON of the notification.
export const FLOW_STATEMENTS = {
  sessionLookup:
    'select "sessions"."id", "sessions"."token_hash", "sessions"."user_id", "sessions"."remember_me", "sessions"."created_at", "sessions"."last_seen_at", "sessions"."expires_at", "sessions"."user_agent", "users"."id", "users"."email", "users"."username", "users"."password_hash", "users"."display_name", "users"."profile_picture", "users"."bio", "users"."stripe_customer_id", "users"."stripe_connect_id", "users"."stripe_connect_verified", "users"."follower_count", "users"."following_count", "users"."created_at", "users"."updated_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2) limit $3',
  dareOpen: 'select "status", "expires_at" from "dares" where "dares"."id" = $1',
  insertPledge:
    'insert into "pledges" ("id", "user_id", "dare_id", "amount_cents", "status", "payment_intent_id", "client_secret", "payment_method_id", "captured", "authorized_at", "capture_before", "action_required_at", "captured_at", "released_at", "created_at", "updated_at") values (default, $1, $2, $3, default, default, default, default, default, default, default, default, default, default, default, default) returning "id"',
  pledgeView:
    'select "pledges"."id", "pledges"."user_id", "pledges"."dare_id", "pledges"."amount_cents", "pledges"."status", "pledges"."payment_intent_id", "pledges"."client_secret", "pledges"."payment_method_id", "pledges"."captured", "pledges"."pledges"."authorized_at", "pledges"."capture_before", "pledges"."action_required_at", "pledges"."captured_at", "pledges"."released_at", "pledges"."created_at", "pledges"."updated_at", "dares"."id", "dares"."title", "dares"."status", "dares"."cover_image", "dares"."pitch_poster" from "pledges" inner join "dares" on "dares"."id" = "pledges"."dare_id" where "pledges"."id" = $1',
  ownPledge:
    'select "id", "user_id", "dare_id", "amount_cents", "status", "payment_intent_id", "client_secret", "payment_method_id", "captured", "authorized_at", "capture_before", "action_required_at", "captured_at", "released_at", "created_at", "updated_at" from "pledges" where "pledges"."id" = $1',
  customerOfUser:
    'select "email", "display_name", "stripe_customer_id" from "users" where "users"."id" = $1',
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
  setIntentPaymentMethod:
    'update "gateway_payment_intents" set "status" = $1, "payment_method_id" = $2, "last_error" = $3, "updated_at" = $4 where "gateway_payment_intents"."id" = $5 returning "id", "client_secret", "amount_cents", "amount_captured_cents", "currency", "status", "capture_method", "payment_method_id", "customer_id", "setup_future_usage", "capture_before", "last_error", "metadata", "created_at", "updated_at"',
  confirmIntent:
    'update "gateway_payment_intents" set "status" = $1, "capture_before" = $2, "last_error" = $3, "updated_at" = $4 where "gateway_payment_intents"."id" = $5 returning "id", "client_secret", "amount_cents", "amount_captured_cents", "currency", "status", "capture_method", "payment_method_id", "customer_id", "setup_future_usage", "capture_before", "last_error", "metadata", "created_at", "updated_at"',
  saveCardForLater:
    'update "gateway_payment_methods" set "customer_id" = $1 where "gateway_payment_methods"."id" = $2',
  pledgeOfIntent:
    'select "id", "status", "dare_id" from "pledges" where "pledges"."payment_intent_id" = $1',
  lockPledge:
    'select "id", "user_id", "dare_id", "amount_cents", "status", "payment_intent_id", "client_secret", "payment_method_id", "captured", "authorized_at", "capture_before", "action_required_at", "captured_at", "released_at", "created_at", "updated_at" from "pledges" where "pledges"."id" = $1 for update',
  authorizePledge:
    'update "pledges" set "status" = $1, "payment_method_id" = $2, "authorized_at" = $3, "capture_before" = $4, "updated_at" = $5 where ("pledges"."id" = $6 and "pledges"."status" = $7) returning "id", "user_id", "dare_id", "amount_cents", "status", "payment_intent_id", "client_secret", "payment_method_id", "captured", "authorized_at", "capture_before", "action_required_at", "captured_at", "released_at", "created_at", "updated_at"',
  achievementCatalogue:
    'select "id", "name", "title", "description", "icon", "category", "rarity", "points", "requirement", "max_progress", "is_active", "created_at" from "achievements" where "achievements"."is_active" = $1 order by "achievements"."id" asc',
  lockUserAchievements:
    'select "id", "user_id", "achievement_id", "progress", "max_progress", "is_unlocked", "unlocked_at", "created_at" from "user_achievements" where ("user_achievements"."user_id" = $1 and "user_achievements"."achievement_id" in ($2, $3, $4, $5)) order by "user_achievements"."achievement_id" asc for update',
  // Only for a user's first pledge (their achievement rows do not exist yet).
  insertUserAchievements:
    'insert into "user_achievements" ("id", "user_id", "achievement_id", "progress", "max_progress", "is_unlocked", "unlocked_at", "created_at") values (default, $1, $2, default, $3, default, default, default), (default, $4, $5, default, $6, default, default, default), (default, $7, $8, default, $9, default, default, default), (default, $10, $11, default, $12, default, default, default) on conflict ("user_id","achievement_id") do nothing',
  pledgeMetrics:
    'select count(*)::int, (coalesce(sum("amount_cents"), 0) / 100)::int from "pledges" where ("pledges"."user_id" = $1 and "pledges"."status" in ($2, $3, $4))',
  updateAchievementProgress:
    'update "user_achievements" set "progress" = $1, "max_progress" = $2 where "user_achievements"."id" = $3',
  dareForNotices: 'select "title", "creator_id" from "dares" where "dares"."id" = $1',
  pledgerName: 'select "display_name", "username" from "users" where "users"."id" = $1',
  notifiedUser: 'select "email", "display_name", "username" from "users" where "users"."id" = $1',
  insertNotification:
    'insert into "notifications" ("id", "user_id", "kind", "dare_id", "data", "read_at", "created_at") values (default, $1, $2, $3, $4, default, default) returning "id"',
  unreadCount:
    'select count(*) from "notifications" where ("notifications"."user_id" = $1 and "notifications"."read_at" is null)',
  insertLiveEventAndNotify:
    'WITH inserted AS (insert into "live_events" ("id", "user_id", "kind", "data", "created_at") values (default, $1, $2, $3, default)) SELECT pg_notify($4, $5)',
  emailAllowed:
    'SELECT exists ((select "kind" from "email_suppressions" where ("email_suppressions"."email" = $1 and "email_suppressions"."kind" = $2))) AS suppressed, ((select "email_enabled" from "email_preferences" where ("email_preferences"."user_id" = $3 and "email_preferences"."kind" = $4))) AS enabled',
  insertMailOutbox:
    'insert into "mail_outbox" ("id", "to", "subject", "text", "html", "kind", "user_id", "sent_at", "error", "attempts", "next_attempt_at", "claimed_until", "dead_at", "created_at") values (default, $1, $2, $3, $4, $5, $6, default, default, default, default, default, default, default) returning "id"',
  moveDareTotals:
    "\n    with before as (\n      select id, status from dares where id = $1 for no key update\n    )\n    update dares set\n      current_amount_cents = dares.current_amount_cents + $2,\n      pledge_count = dares.pledge_count + $3,\n      status = case\n        when dares.status = 'pending'\n          and dares.current_amount_cents + $4 >= dares.target_amount_cents\n        then 'active'::dare_status else dares.status end\n    from before\n    where dares.id = before.id\n    returning before.status as status_before, dares.status, dares.current_amount_cents,\n      dares.expires_at",
} as const;
