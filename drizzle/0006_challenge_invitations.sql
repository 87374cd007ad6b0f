CREATE TABLE "challenge_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dare_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"channel" "recipient_type" NOT NULL,
	"contact" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"declined_at" timestamp with time zone,
	"declined_by" integer,
	CONSTRAINT "challenge_invitations_channel" CHECK ("challenge_invitations"."channel" IN ('email', 'phone'))
);
--> statement-breakpoint
ALTER TABLE "challenge_invitations" ADD CONSTRAINT "challenge_invitations_dare_id_dares_id_fk" FOREIGN KEY ("dare_id") REFERENCES "public"."dares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_invitations" ADD CONSTRAINT "challenge_invitations_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_invitations" ADD CONSTRAINT "challenge_invitations_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_invitations_dare_key" ON "challenge_invitations" USING btree ("dare_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_invitations_token_key" ON "challenge_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "challenge_invitations_used_by_idx" ON "challenge_invitations" USING btree ("used_by");