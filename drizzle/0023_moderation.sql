CREATE TYPE "public"."moderation_state" AS ENUM('under_review', 'removed');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('user', 'moderator', 'admin');--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"moderator_id" integer NOT NULL,
	"moderator_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action" CHECK ("moderation_actions"."action" IN ('dismiss', 'remove', 'restore', 'warn', 'suspend', 'unsuspend'))
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"owner_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"screening" text,
	"hidden_at" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "moderation_cases_status" CHECK ("moderation_cases"."status" IN ('open', 'resolved')),
	CONSTRAINT "moderation_cases_target_type" CHECK ("moderation_cases"."target_type" IN ('dare', 'submission', 'comment', 'user', 'message'))
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "moderation_state" "moderation_state";--> statement-breakpoint
ALTER TABLE "dares" ADD COLUMN "moderation_state" "moderation_state";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "moderation_state" "moderation_state";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by_action_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "moderation_state" "moderation_state";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "user_role" DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moderation_state" "moderation_state";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_mature_content" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_key" ON "moderation_cases" USING btree ("target_type","target_id") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
-- The audit log is append-only (issue 21): no route, admin command or cascade may change or
-- delete a row. The table has no foreign keys, and these refuse the rest to every role.
CREATE OR REPLACE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER moderation_actions_append_only BEFORE UPDATE OR DELETE ON moderation_actions
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_log_change();
--> statement-breakpoint
CREATE TRIGGER moderation_actions_no_truncate BEFORE TRUNCATE ON moderation_actions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();
--> statement-breakpoint
-- A hidden or suspended person's dares and face leave the feeds (issue 21), and a block
-- changes what each of the two sees: both drop the feed caches like a dare change (0014).
DROP TRIGGER users_feed_cache ON users;
--> statement-breakpoint
CREATE TRIGGER users_feed_cache AFTER UPDATE OF username, display_name, profile_picture, moderation_state, suspended_at, suspended_until, show_mature_content OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
--> statement-breakpoint
CREATE TRIGGER user_blocks_feed_cache AFTER INSERT OR DELETE OR TRUNCATE ON user_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
