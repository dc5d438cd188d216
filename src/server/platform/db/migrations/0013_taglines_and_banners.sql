CREATE TABLE "ab_test_daily" (
	"day" text NOT NULL,
	"variant" text NOT NULL,
	"event" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ab_test_daily_day_variant_event_pk" PRIMARY KEY("day","variant","event")
);
--> statement-breakpoint
CREATE TABLE "ab_test_visitors" (
	"visitor_id" text NOT NULL,
	"variant" text NOT NULL,
	"event" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ab_test_visitors_visitor_id_variant_event_pk" PRIMARY KEY("visitor_id","variant","event")
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"banner_text" text NOT NULL,
	"banner_link" text NOT NULL,
	"banner_image_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"banner_active" boolean DEFAULT true NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ALTER COLUMN "target_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "target_kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "target_name" text;--> statement-breakpoint
CREATE INDEX "ab_test_visitors_first_idx" ON "ab_test_visitors" USING btree ("first_at");--> statement-breakpoint
CREATE INDEX "restaurants_created_idx" ON "restaurants" USING btree ("created_at");