CREATE TABLE "likes" (
	"liker_id" uuid NOT NULL,
	"liked_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "likes_liker_id_liked_id_pk" PRIMARY KEY("liker_id","liked_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sender_id" uuid,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	"once_key" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_date_types" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_genders" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_age_min" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_age_max" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_distance_km" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pref_account_types" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_settings" jsonb DEFAULT '{"email":{"newBooking":true,"bookingConfirmed":true,"bookingCancelled":true,"bookingReminder":true,"nudgeReceived":true,"profileViewed":false,"systemUpdates":true},"push":{"newBooking":true,"bookingConfirmed":true,"bookingCancelled":true,"nudgeReceived":true,"messages":true}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_id_users_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_id_users_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_events" ADD CONSTRAINT "score_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_liked_idx" ON "likes" USING btree ("liked_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nudges_once_a_day" ON "nudges" USING btree ("sender_id","recipient_id","day");--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "score_events_user_idx" ON "score_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "score_events_once_key" ON "score_events" USING btree ("user_id","once_key");--> statement-breakpoint
CREATE INDEX "users_position_idx" ON "users" USING gist (point("longitude", "latitude"));--> statement-breakpoint
-- Members verified before the ledger existed get their e-mail verification entry now.
INSERT INTO "score_events" ("user_id", "category", "points", "description", "once_key", "created_at")
SELECT "id", 'Profile Enhancement', 25, 'Email verified', 'email-verification', "email_verified_at" FROM "users" WHERE "email_verified_at" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "score" = LEAST(850, GREATEST(300, 650 + COALESCE((SELECT SUM("points") FROM "score_events" WHERE "score_events"."user_id" = "users"."id"), 0)));
