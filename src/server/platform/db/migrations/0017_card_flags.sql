-- Whether a member ever had a photo, a free slot or a booking (README decision 64): a browse card
-- reads its photos, free times and dates only when the flag is set. Set by the insert that makes
-- the first one, in its transaction; never cleared (a set flag only costs the read it spares).
ALTER TABLE "users" ADD COLUMN "had_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "had_slots" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "had_bookings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION "users_mark_had"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- "AND NOT": once set, a member's row is neither written nor locked again.
  IF TG_TABLE_NAME = 'photos' THEN
    UPDATE users SET had_photos = true WHERE id = NEW.user_id AND NOT had_photos;
  ELSIF TG_TABLE_NAME = 'availability_slots' THEN
    UPDATE users SET had_slots = true WHERE id = NEW.host_id AND NOT had_slots;
  ELSE
    -- In id order: the first bookings of two members with each other, at once, cannot deadlock.
    UPDATE users SET had_bookings = true WHERE id = least(NEW.host_id, NEW.guest_id) AND NOT had_bookings;
    UPDATE users SET had_bookings = true WHERE id = greatest(NEW.host_id, NEW.guest_id) AND NOT had_bookings;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "photos_mark_had" AFTER INSERT OR UPDATE OF "user_id" ON "photos" FOR EACH ROW EXECUTE FUNCTION "users_mark_had"();--> statement-breakpoint
CREATE TRIGGER "availability_slots_mark_had" AFTER INSERT OR UPDATE OF "host_id" ON "availability_slots" FOR EACH ROW EXECUTE FUNCTION "users_mark_had"();--> statement-breakpoint
CREATE TRIGGER "bookings_mark_had" AFTER INSERT OR UPDATE OF "host_id", "guest_id" ON "bookings" FOR EACH ROW EXECUTE FUNCTION "users_mark_had"();--> statement-breakpoint
UPDATE "users" AS u SET "had_photos" = true WHERE EXISTS (SELECT 1 FROM "photos" AS p WHERE p.user_id = u.id);--> statement-breakpoint
UPDATE "users" AS u SET "had_slots" = true WHERE EXISTS (SELECT 1 FROM "availability_slots" AS s WHERE s.host_id = u.id);--> statement-breakpoint
UPDATE "users" AS u SET "had_bookings" = true
WHERE EXISTS (SELECT 1 FROM "bookings" AS b WHERE b.host_id = u.id) OR EXISTS (SELECT 1 FROM "bookings" AS b WHERE b.guest_id = u.id);
