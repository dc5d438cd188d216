CREATE TABLE "banner_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "banner_uploads_uploaded_idx" ON "banner_uploads" USING btree ("uploaded_at");
