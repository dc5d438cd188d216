-- Reliability stats kept as counters (README decision 49): one row per member with a finished date,
-- changed by triggers on bookings in the writing transaction, so no write path can forget them.
-- No booking changes while they are counted and the triggers made.
LOCK TABLE "bookings" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "member_date_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total_dates" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_date_stats" ADD CONSTRAINT "member_date_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The one definition of what a booking adds to each party's stats: a finished date (completed or a
-- no-show) counts for both, a completed one is a date, a no-show one for whoever was absent.
CREATE FUNCTION "booking_date_stats"(host uuid, guest uuid, status text)
RETURNS TABLE (user_id uuid, total_dates integer, no_shows integer, finished integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT party.id, (status = 'completed')::int, (status IN ('no_show_both', party.absent_as))::int, 1
  FROM (VALUES (host, 'no_show_host'), (guest, 'no_show_guest')) AS party(id, absent_as)
  WHERE status IN ('completed', 'no_show_guest', 'no_show_host', 'no_show_both')
$$;--> statement-breakpoint
-- Adds a booking's new contribution and takes away its old one, members in id order (two
-- transactions changing the same two members' counters never wait on each other in a circle).
-- A deleted booking only takes away, without inserting: its member may be going too.
CREATE FUNCTION "bookings_keep_date_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE member_date_stats AS s
    SET total_dates = s.total_dates - d.total_dates, no_shows = s.no_shows - d.no_shows, finished = s.finished - d.finished
    FROM booking_date_stats(OLD.host_id, OLD.guest_id, OLD.status) AS d
    WHERE s.user_id = d.user_id;
    RETURN NULL;
  END IF;
  INSERT INTO member_date_stats AS s (user_id, total_dates, no_shows, finished)
  SELECT d.user_id, sum(d.total_dates), sum(d.no_shows), sum(d.finished)
  FROM (
    SELECT * FROM booking_date_stats(NEW.host_id, NEW.guest_id, NEW.status)
    UNION ALL
    SELECT o.user_id, -o.total_dates, -o.no_shows, -o.finished
    FROM booking_date_stats(OLD.host_id, OLD.guest_id, OLD.status) AS o
    WHERE TG_OP = 'UPDATE'
  ) AS d
  GROUP BY d.user_id
  ORDER BY d.user_id
  ON CONFLICT (user_id) DO UPDATE
  SET total_dates = s.total_dates + excluded.total_dates, no_shows = s.no_shows + excluded.no_shows, finished = s.finished + excluded.finished;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_date_stats_insert" AFTER INSERT ON "bookings" FOR EACH ROW
WHEN (NEW.status IN ('completed', 'no_show_guest', 'no_show_host', 'no_show_both'))
EXECUTE FUNCTION "bookings_keep_date_stats"();--> statement-breakpoint
CREATE TRIGGER "bookings_date_stats_update" AFTER UPDATE OF "status", "host_id", "guest_id" ON "bookings" FOR EACH ROW
WHEN ((OLD.status IN ('completed', 'no_show_guest', 'no_show_host', 'no_show_both') OR NEW.status IN ('completed', 'no_show_guest', 'no_show_host', 'no_show_both'))
  AND (OLD.status, OLD.host_id, OLD.guest_id) IS DISTINCT FROM (NEW.status, NEW.host_id, NEW.guest_id))
EXECUTE FUNCTION "bookings_keep_date_stats"();--> statement-breakpoint
CREATE TRIGGER "bookings_date_stats_delete" AFTER DELETE ON "bookings" FOR EACH ROW
WHEN (OLD.status IN ('completed', 'no_show_guest', 'no_show_host', 'no_show_both'))
EXECUTE FUNCTION "bookings_keep_date_stats"();--> statement-breakpoint
INSERT INTO "member_date_stats" (user_id, total_dates, no_shows, finished)
SELECT d.user_id, sum(d.total_dates), sum(d.no_shows), sum(d.finished)
FROM "bookings" AS b CROSS JOIN LATERAL booking_date_stats(b.host_id, b.guest_id, b.status) AS d
WHERE b.status IN ('completed', 'no_show_guest', 'no_show_host', 'no_show_both')
GROUP BY d.user_id;--> statement-breakpoint
-- They served only the live count.
DROP INDEX "bookings_host_finished_idx";--> statement-breakpoint
DROP INDEX "bookings_guest_finished_idx";
