ALTER TABLE "hours_entries" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD COLUMN "decline_reason" text;