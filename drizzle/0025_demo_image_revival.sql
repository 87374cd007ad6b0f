CREATE TABLE "demo_image_revival" (
	"seeded_at_ms" bigint NOT NULL
);
