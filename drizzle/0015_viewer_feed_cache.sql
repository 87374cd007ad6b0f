-- A signed-in viewer's feed is built from the shared pages plus what the viewer holds
-- (decision 0028): their live pledges, likes and saves. Any change to those drops the
-- feed caches with the same NOTIFY as a dare change (see 0014_cache_invalidation.sql).
CREATE TRIGGER pledges_feed_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pledges
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
--> statement-breakpoint
CREATE TRIGGER dare_likes_feed_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dare_likes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
--> statement-breakpoint
CREATE TRIGGER dare_saves_feed_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dare_saves
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
