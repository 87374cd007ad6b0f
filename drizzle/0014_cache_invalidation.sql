-- Shared in-memory caches (decision 0024). Every change that can alter a cached value sends
-- NOTIFY cache_invalidation with the cache's name as payload; each app instance LISTENs and
-- drops that cache. Triggers, not application calls, so no write path can forget one.
-- NOTIFY is transactional: it reaches listeners when the change commits, never before.
CREATE OR REPLACE FUNCTION notify_cache_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The anonymous feed pages show dares, their latest proof and their people's public face.
CREATE TRIGGER dares_feed_cache_rows AFTER INSERT OR DELETE OR TRUNCATE ON dares
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
--> statement-breakpoint
-- A view only bumps view_count (and updated_at): the cache's max age covers that, so views,
-- the most frequent write, do not empty the cache on every instance.
CREATE TRIGGER dares_feed_cache_update AFTER UPDATE ON dares FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'view_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count' - 'updated_at'))
  EXECUTE FUNCTION notify_cache_invalidation('feed');
--> statement-breakpoint
CREATE TRIGGER submissions_feed_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
--> statement-breakpoint
CREATE TRIGGER users_feed_cache AFTER UPDATE OF username, display_name, profile_picture OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('feed');
--> statement-breakpoint
-- Session lookups: a session ended (logout, expiry sweep, account removal) or its user's row
-- changed (the signed-in user is read from the same lookup).
CREATE TRIGGER sessions_cache AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('sessions');
--> statement-breakpoint
CREATE TRIGGER users_sessions_cache AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('sessions');
