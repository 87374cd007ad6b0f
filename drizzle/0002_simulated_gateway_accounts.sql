CREATE TABLE "gateway_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"destination_account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_transfers_amount_positive" CHECK ("gateway_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gateway_transfers" ADD CONSTRAINT "gateway_transfers_destination_account_id_gateway_connected_accounts_id_fk" FOREIGN KEY ("destination_account_id") REFERENCES "public"."gateway_connected_accounts"("id") ON DELETE restrict ON UPDATE no action;