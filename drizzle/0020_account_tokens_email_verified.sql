CREATE TABLE "account_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "account_tokens_purpose" CHECK ("account_tokens"."purpose" IN ('verify-email', 'reset-password', 'change-email'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_user_purpose_key" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
-- Decision 0039: accounts that exist when this runs have not proven their address, except
-- the seeded demo accounts (and their pre-issue-19 domain) and the development test account.
UPDATE "users" SET "email_verified" = true
  WHERE lower("email") LIKE '%@demo.darefund.example'
     OR lower("email") LIKE '%@demo.darefund.app'
     OR lower("email") = 'test@darefund.local';
