-- Custom migration (hand-written; re-apply after regenerating the drizzle migrations).
-- The follow counters start from the follows that already exist; from here on they are kept
-- in the transaction of every follow insert and delete.
UPDATE "users" SET
  "follower_count" = (SELECT count(*) FROM "follows" WHERE "follows"."followed_id" = "users"."id"),
  "following_count" = (SELECT count(*) FROM "follows" WHERE "follows"."follower_id" = "users"."id");
