-- The read feed (ADR 041, amended for issue 32): a member is answered the visitors' copy of a
-- listing's detail unless the listing is personal to them (they host it, or their booking shows
-- its address). The cached session holds that set, so 'u<id>' is told when it may change: a
-- listing made, removed or handed to another host; a booking made, removed or moved on.
CREATE OR REPLACE FUNCTION ys_reads_listing_owners_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE uid integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR uid IN SELECT DISTINCT user_id FROM ys_new LOOP PERFORM pg_notify('ys_reads', 'u' || uid); END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR uid IN SELECT DISTINCT user_id FROM ys_old LOOP PERFORM pg_notify('ys_reads', 'u' || uid); END LOOP;
  ELSE
    FOR uid IN
      SELECT o.user_id FROM ys_old o JOIN ys_new n ON n.id = o.id WHERE n.user_id IS DISTINCT FROM o.user_id
      UNION SELECT n.user_id FROM ys_old o JOIN ys_new n ON n.id = o.id WHERE n.user_id IS DISTINCT FROM o.user_id
    LOOP PERFORM pg_notify('ys_reads', 'u' || uid); END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ys_reads_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ys_reads', 'u' || OLD.grower_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ys_reads', 'u' || NEW.grower_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- One notification per host per statement, however many rows (a bulk load of listings).
CREATE TRIGGER ys_reads_listing_owners_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS ys_new
  FOR EACH STATEMENT EXECUTE FUNCTION ys_reads_listing_owners_changed();--> statement-breakpoint
CREATE TRIGGER ys_reads_listing_owners_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS ys_old
  FOR EACH STATEMENT EXECUTE FUNCTION ys_reads_listing_owners_changed();--> statement-breakpoint
CREATE TRIGGER ys_reads_listing_owners_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS ys_old NEW TABLE AS ys_new
  FOR EACH STATEMENT EXECUTE FUNCTION ys_reads_listing_owners_changed();--> statement-breakpoint
CREATE TRIGGER ys_reads_bookings_write AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION ys_reads_booking_changed();--> statement-breakpoint
CREATE TRIGGER ys_reads_bookings_update AFTER UPDATE ON bookings
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.grower_id IS DISTINCT FROM NEW.grower_id
    OR OLD.listing_id IS DISTINCT FROM NEW.listing_id)
  EXECUTE FUNCTION ys_reads_booking_changed();
