-- The read feed (ADR 041): every commit that changes what an in-process read cache holds tells
-- every app instance on channel ys_reads, from the database itself, so no write path (a service,
-- a job, a test fixture, psql) can forget to. 'u<id>': that user's row, sessions or blocks
-- changed (cached sessions of that user are dropped); 'l': listings changed (cached counts).
CREATE OR REPLACE FUNCTION ys_reads_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ys_reads', 'u' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ys_reads_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ys_reads', 'u' || OLD.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ys_reads_block_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('ys_reads', 'u' || r.blocker_id);
  PERFORM pg_notify('ys_reads', 'u' || r.blocked_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ys_reads_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ys_reads', 'l');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ys_reads_users AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION ys_reads_user_changed();--> statement-breakpoint
-- lastSeenAt moves every minute of activity: only what ends or moves a session counts.
CREATE TRIGGER ys_reads_sessions_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION ys_reads_session_changed();--> statement-breakpoint
CREATE TRIGGER ys_reads_sessions_update AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION ys_reads_session_changed();--> statement-breakpoint
CREATE TRIGGER ys_reads_blocks AFTER INSERT OR UPDATE OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION ys_reads_block_changed();--> statement-breakpoint
CREATE TRIGGER ys_reads_listings AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION ys_reads_listings_changed();
