DROP INDEX "payouts_payment_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "release_plan" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_parts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_payment_part_key" ON "payouts" USING btree ("payment_id","part");--> statement-breakpoint
-- Payments released before parts existed were released whole, in one part (ADR 045).
UPDATE "payments" SET "released_parts" = 1, "released_cents" = coalesce((SELECT sum("amount_cents") FROM "payouts" o WHERE o."payment_id" = "payments"."id"), 0) WHERE "released_at" IS NOT NULL;
