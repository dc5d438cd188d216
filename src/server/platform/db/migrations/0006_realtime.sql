CREATE TABLE "realtime_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"user_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"connections" integer NOT NULL,
	CONSTRAINT "realtime_presence_user_id_instance_id_pk" PRIMARY KEY("user_id","instance_id"),
	CONSTRAINT "realtime_presence_connections" CHECK ("realtime_presence"."connections" > 0)
);
--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_instance_id_realtime_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."realtime_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_presence_instance_idx" ON "realtime_presence" USING btree ("instance_id");
