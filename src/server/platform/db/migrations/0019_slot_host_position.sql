-- Each slot carries its host's home (decision 83): Available dates walks the open-slot index in date
-- order and skips slots outside the viewer's distance box from the index alone. Triggers keep the
-- copy, so no write path can forget it.
ALTER TABLE "availability_slots" ADD COLUMN "host_longitude" double precision;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD COLUMN "host_latitude" double precision;--> statement-breakpoint
-- No slot or home changes while the copies are made and the triggers created.
LOCK TABLE "users", "availability_slots" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
UPDATE "availability_slots" AS s SET "host_longitude" = u."longitude", "host_latitude" = u."latitude"
FROM "users" AS u WHERE u."id" = s."host_id";--> statement-breakpoint
-- A new slot (or one given to another host) takes its host's home.
CREATE FUNCTION "slots_take_host_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "longitude", "latitude" INTO NEW."host_longitude", NEW."host_latitude" FROM "users" WHERE "id" = NEW."host_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "availability_slots_host_position" BEFORE INSERT OR UPDATE OF "host_id", "host_longitude", "host_latitude" ON "availability_slots"
FOR EACH ROW EXECUTE FUNCTION "slots_take_host_position"();--> statement-breakpoint
-- A move of the host committed after the new slots read the old home: once the hosts are locked (a
-- move in progress is waited for; a later one sees these slots) the copies are checked again. Once
-- per statement: a lock per slot made a bulk insert many times slower on the embedded database.
CREATE FUNCTION "slots_check_host_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" IN (SELECT "host_id" FROM "new_slots") ORDER BY "id" FOR SHARE;
  UPDATE "availability_slots" AS s SET "host_longitude" = u."longitude", "host_latitude" = u."latitude"
  FROM "new_slots" AS n JOIN "users" AS u ON u."id" = n."host_id"
  WHERE s."id" = n."id" AND (s."host_longitude", s."host_latitude") IS DISTINCT FROM (u."longitude", u."latitude");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "availability_slots_host_position_check" AFTER INSERT ON "availability_slots"
REFERENCING NEW TABLE AS "new_slots" FOR EACH STATEMENT EXECUTE FUNCTION "slots_check_host_position"();--> statement-breakpoint
-- A member who moves moves their slots.
CREATE FUNCTION "users_move_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "availability_slots" SET "host_longitude" = NEW."longitude", "host_latitude" = NEW."latitude" WHERE "host_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_slots_position" AFTER UPDATE OF "longitude", "latitude" ON "users" FOR EACH ROW
WHEN ((OLD."longitude", OLD."latitude") IS DISTINCT FROM (NEW."longitude", NEW."latitude"))
EXECUTE FUNCTION "users_move_slots"();--> statement-breakpoint
DROP INDEX "availability_slots_open_idx";--> statement-breakpoint
CREATE INDEX "availability_slots_open_idx" ON "availability_slots" USING btree ("starts_at","id","host_longitude","host_latitude") WHERE "availability_slots"."removed_at" is null and "availability_slots"."confirmed_count" < "availability_slots"."max_bookings";
