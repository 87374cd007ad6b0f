ALTER TYPE "public"."media_purpose" ADD VALUE 'pitch-captions';--> statement-breakpoint
ALTER TYPE "public"."media_purpose" ADD VALUE 'proof-captions';--> statement-breakpoint
ALTER TABLE "dares" ADD COLUMN "pitch_captions" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "captions_url" text;