CREATE TABLE "browse_card_changes" (
	"member_id" uuid NOT NULL,
	"xid" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browse_card_changes_member_id_xid_pk" PRIMARY KEY("member_id","xid")
);
--> statement-breakpoint
CREATE TABLE "browse_cards" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"parts" text[] NOT NULL,
	"format" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"snapshot_xmin" bigint NOT NULL
);
--> statement-breakpoint
-- Kept cards (about 2 KB) stay in their row uncompressed: keeping them costs no compression or TOAST writes.
ALTER TABLE "browse_cards" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "browse_cards" ALTER COLUMN "parts" SET STORAGE EXTERNAL;--> statement-breakpoint
-- What a member's browse card shows changed (decision 85): the transaction is written down for them
-- (only inserts, so a write never waits for a reader), and a card read before it committed is
-- written again. One function per table the card reads; each fires once per statement.
CREATE FUNCTION "browse_cards_record_change"(members uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "browse_card_changes" ("member_id", "xid")
  SELECT DISTINCT m, pg_current_xact_id()::text::bigint FROM unnest(members) AS m WHERE m IS NOT NULL
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- A member who deletes their account leaves no card behind (the prune catches a page that kept one meanwhile).
CREATE FUNCTION "browse_cards_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "browse_cards_record_change"(ARRAY[NEW."id"]);
  IF NEW."account_status" = 'deleted' THEN DELETE FROM "browse_cards" WHERE "member_id" = NEW."id"; END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_browse_card" AFTER UPDATE ON "users" FOR EACH ROW
WHEN ((OLD."account_type", OLD."name", OLD."age", OLD."gender", OLD."bio", OLD."interests", OLD."city", OLD."country",
       OLD."partner_name", OLD."partner_age", OLD."partner_gender", OLD."relationship_type", OLD."score", OLD."verification_tier",
       OLD."is_biometric_verified", OLD."is_photo_verified", OLD."car_tier", OLD."created_at", OLD."account_status")
  IS DISTINCT FROM (NEW."account_type", NEW."name", NEW."age", NEW."gender", NEW."bio", NEW."interests", NEW."city", NEW."country",
       NEW."partner_name", NEW."partner_age", NEW."partner_gender", NEW."relationship_type", NEW."score", NEW."verification_tier",
       NEW."is_biometric_verified", NEW."is_photo_verified", NEW."car_tier", NEW."created_at", NEW."account_status"))
EXECUTE FUNCTION "browse_cards_users_changed"();--> statement-breakpoint
CREATE FUNCTION "browse_cards_users_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "browse_cards" WHERE "member_id" IN (SELECT "id" FROM "old_rows");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_browse_card_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_users_deleted"();--> statement-breakpoint
-- Photos and the date stats: their member's card.
CREATE FUNCTION "browse_cards_owner_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "browse_cards_record_change"(ARRAY(SELECT "user_id" FROM "new_rows")); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "browse_cards_record_change"(ARRAY(SELECT "user_id" FROM "old_rows")); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "photos_browse_card_insert" AFTER INSERT ON "photos" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_owner_changed"();--> statement-breakpoint
CREATE TRIGGER "photos_browse_card_update" AFTER UPDATE ON "photos" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_owner_changed"();--> statement-breakpoint
CREATE TRIGGER "photos_browse_card_delete" AFTER DELETE ON "photos" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_owner_changed"();--> statement-breakpoint
CREATE TRIGGER "member_date_stats_browse_card_insert" AFTER INSERT ON "member_date_stats" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_owner_changed"();--> statement-breakpoint
CREATE TRIGGER "member_date_stats_browse_card_update" AFTER UPDATE ON "member_date_stats" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_owner_changed"();--> statement-breakpoint
CREATE TRIGGER "member_date_stats_browse_card_delete" AFTER DELETE ON "member_date_stats" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_owner_changed"();--> statement-breakpoint
-- Free times: their host's card, and (a date shows its slot's day) the guests of its dates.
CREATE FUNCTION "browse_cards_slots_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "browse_cards_record_change"(ARRAY(SELECT "host_id" FROM "new_rows"));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "browse_cards_record_change"(ARRAY(SELECT "host_id" FROM "old_rows"
      UNION SELECT b."guest_id" FROM "bookings" AS b JOIN "old_rows" AS o ON b."slot_id" = o."id" WHERE b."status" IN ('confirmed', 'completed')));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "availability_slots_browse_card_insert" AFTER INSERT ON "availability_slots" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_slots_changed"();--> statement-breakpoint
CREATE TRIGGER "availability_slots_browse_card_update" AFTER UPDATE ON "availability_slots" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_slots_changed"();--> statement-breakpoint
CREATE TRIGGER "availability_slots_browse_card_delete" AFTER DELETE ON "availability_slots" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_slots_changed"();--> statement-breakpoint
-- Dates (confirmed or completed, before or after): both members' recent activity. A request that
-- stays pending, declined or expired shows on no card.
CREATE FUNCTION "browse_cards_bookings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "browse_cards_record_change"(ARRAY(SELECT m FROM "new_rows", LATERAL (VALUES ("host_id"), ("guest_id")) AS v(m)
      WHERE "status" IN ('confirmed', 'completed')));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "browse_cards_record_change"(ARRAY(SELECT m FROM "old_rows", LATERAL (VALUES ("host_id"), ("guest_id")) AS v(m)
      WHERE "status" IN ('confirmed', 'completed')));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_browse_card_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_browse_card_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_browse_card_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "browse_cards_bookings_changed"();
