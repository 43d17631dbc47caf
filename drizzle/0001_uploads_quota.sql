DROP INDEX "uploads_user_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");