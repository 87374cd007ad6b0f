CREATE TABLE "achievement_backfills" (
	"version" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
