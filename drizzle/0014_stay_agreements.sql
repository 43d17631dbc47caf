CREATE TABLE "booking_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"version" integer NOT NULL,
	"parts" jsonb NOT NULL,
	"proposed_by" text NOT NULL,
	"grower_accepted_at" timestamp with time zone,
	"host_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_agreements_version_check" CHECK ("booking_agreements"."version" >= 1),
	CONSTRAINT "booking_agreements_proposed_by_check" CHECK ("booking_agreements"."proposed_by" in ('grower', 'host', 'system'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ended_early_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ended_early_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "original_end" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "agreement" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_agreements" ADD CONSTRAINT "booking_agreements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_agreements_version_key" ON "booking_agreements" USING btree ("booking_id","version");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ended_early_by_check" CHECK ("bookings"."ended_early_by" is null or "bookings"."ended_early_by" in ('grower', 'host', 'operator'));--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_system_key" ON "reports" USING btree ("subject_type","subject_id") WHERE "reports"."reporter_id" is null and "reports"."status" = 'open';