-- Nearest-first search: earthdistance's ll_to_earth() and the cube GiST operator class it needs
-- (trusted extensions: the database owner may create them).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "upload_blobs" (
	"path" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text DEFAULT 'image/webp' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_blobs" ADD CONSTRAINT "upload_blobs_path_uploads_path_fk" FOREIGN KEY ("path") REFERENCES "public"."uploads"("path") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_records_created_idx" ON "sandbox_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listings_earth_idx" ON "listings" USING gist (ll_to_earth("lat", "lng"));