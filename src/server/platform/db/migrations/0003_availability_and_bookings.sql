CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"date_type" text NOT NULL,
	"venue" text NOT NULL,
	"venue_type" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"max_bookings" integer DEFAULT 1 NOT NULL,
	"confirmed_count" integer DEFAULT 0 NOT NULL,
	"time_period" text,
	"preferred_time" text,
	"client_key" uuid,
	"removed_at" timestamp with time zone,
	"removal_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "availability_slots_times" CHECK ("availability_slots"."ends_at" > "availability_slots"."starts_at"),
	CONSTRAINT "availability_slots_capacity" CHECK ("availability_slots"."confirmed_count" >= 0 and "availability_slots"."confirmed_count" <= "availability_slots"."max_bookings")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"request_message" text NOT NULL,
	"proposed_venue" jsonb NOT NULL,
	"paid_by" text DEFAULT 'guest' NOT NULL,
	"response_message" text,
	"responded_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"cancellation_penalty" integer,
	"no_show_reported_by" uuid,
	"no_show_reason" text,
	"host_review" jsonb,
	"guest_review" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_commitments" (
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'America/Vancouver' NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_availability_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."availability_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_reported_by_users_id_fk" FOREIGN KEY ("no_show_reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_commitments" ADD CONSTRAINT "date_commitments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_commitments" ADD CONSTRAINT "date_commitments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_slots_host_idx" ON "availability_slots" USING btree ("host_id","starts_at");--> statement-breakpoint
CREATE INDEX "availability_slots_open_idx" ON "availability_slots" USING btree ("starts_at") WHERE "availability_slots"."removed_at" is null and "availability_slots"."confirmed_count" < "availability_slots"."max_bookings";--> statement-breakpoint
CREATE UNIQUE INDEX "availability_slots_client_key" ON "availability_slots" USING btree ("host_id","client_key");--> statement-breakpoint
CREATE INDEX "bookings_guest_idx" ON "bookings" USING btree ("guest_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_host_idx" ON "bookings" USING btree ("host_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_pending_per_pair" ON "bookings" USING btree ("guest_id","host_id") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bookings_pending_expiry_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "date_commitments_pk" ON "date_commitments" USING btree ("booking_id","user_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_read" = false and "notifications"."archived_at" is null;;--> statement-breakpoint
-- A host never has two live slots whose times overlap.
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_no_overlap" EXCLUDE USING gist ("host_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("removed_at" IS NULL);--> statement-breakpoint
-- A member never has two confirmed dates whose times overlap, as host or guest (several guests of one slot share its time).
ALTER TABLE "date_commitments" ADD CONSTRAINT "date_commitments_no_overlap" EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, "slot_id" WITH <>);