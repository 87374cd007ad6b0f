DROP INDEX "dare_requests_recipient_idx";--> statement-breakpoint
DROP INDEX "dare_requests_sender_idx";--> statement-breakpoint
DROP INDEX "dares_status_created_idx";--> statement-breakpoint
DROP INDEX "dares_created_idx";--> statement-breakpoint
DROP INDEX "pledges_user_idx";--> statement-breakpoint
DROP INDEX "submissions_dare_idx";--> statement-breakpoint
CREATE INDEX "dare_requests_recipient_idx" ON "dare_requests" USING btree ("recipient_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dare_requests_sender_idx" ON "dare_requests" USING btree ("sender_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dares_status_created_idx" ON "dares" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dares_created_idx" ON "dares" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pledges_user_idx" ON "pledges" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_dare_idx" ON "submissions" USING btree ("dare_id","created_at" DESC NULLS FIRST);