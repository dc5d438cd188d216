ALTER TABLE "availability_slots" ADD COLUMN "utc_offset" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD COLUMN "zone_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD COLUMN "tzdb_version" text;