CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_payment_methods" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttles" ADD COLUMN "checked_at" timestamp with time zone DEFAULT now() NOT NULL;