CREATE TYPE "public"."media_purpose" AS ENUM('pitch', 'proof', 'cover', 'thumbnail', 'avatar', 'poster');--> statement-breakpoint
CREATE TABLE "media_files" (
	"key" text PRIMARY KEY NOT NULL,
	"uploader_id" integer NOT NULL,
	"purpose" "media_purpose" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_uploader_idx" ON "media_files" USING btree ("uploader_id");--> statement-breakpoint
-- Files stored before this table (decision 0031): each file a dare, proof, request or profile
-- already uses is recorded as its user's upload for that use, the earliest use winning
-- (the first to use a file is the one who uploaded it). The shipped demo media (demo/...) is
-- nobody's upload. An older file used nowhere stays without a row: nobody's, so it is never
-- taken as a proof (its uploader uploads it again).
INSERT INTO "media_files" ("key", "uploader_id", "purpose", "created_at")
SELECT "key", "uploader_id", "purpose"::"media_purpose", "created_at" FROM (
	SELECT substr("pitch_video", 8) AS "key", "creator_id" AS "uploader_id", 'pitch' AS "purpose", "created_at" FROM "dares" WHERE "pitch_video" LIKE '/media/%'
	UNION ALL SELECT substr("pitch_poster", 8), "creator_id", 'poster', "created_at" FROM "dares" WHERE "pitch_poster" LIKE '/media/%'
	UNION ALL SELECT substr("cover_image", 8), "creator_id", 'cover', "created_at" FROM "dares" WHERE "cover_image" LIKE '/media/%'
	UNION ALL SELECT substr("cover_image", 8), "sender_id", 'cover', "created_at" FROM "dare_requests" WHERE "cover_image" LIKE '/media/%'
	UNION ALL SELECT substr("video_url", 8), "user_id", 'proof', "created_at" FROM "submissions" WHERE "video_url" LIKE '/media/%'
	UNION ALL SELECT substr("thumbnail_url", 8), "user_id", 'thumbnail', "created_at" FROM "submissions" WHERE "thumbnail_url" LIKE '/media/%'
	UNION ALL SELECT substr("profile_picture", 8), "id", 'avatar', "created_at" FROM "users" WHERE "profile_picture" LIKE '/media/%'
) AS "used"
WHERE "key" NOT LIKE 'demo/%'
ORDER BY "created_at", "key"
ON CONFLICT ("key") DO NOTHING;
