CREATE TABLE "upload_variants" (
	"path" text PRIMARY KEY NOT NULL,
	"upload_path" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "variants_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_upload_path_uploads_path_fk" FOREIGN KEY ("upload_path") REFERENCES "public"."uploads"("path") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_variants_upload_idx" ON "upload_variants" USING btree ("upload_path");--> statement-breakpoint
CREATE INDEX "uploads_variants_pending_idx" ON "uploads" USING btree ("id") WHERE "uploads"."variants_at" is null;