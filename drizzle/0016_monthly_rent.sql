CREATE TABLE "rent_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"month" integer NOT NULL,
	"starts" date NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"payment_id" integer,
	"reminded_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_invoices_status_check" CHECK ("rent_invoices"."status" in ('due', 'paid', 'lapsed', 'void')),
	CONSTRAINT "rent_invoices_month_check" CHECK ("rent_invoices"."month" >= 2)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_plan" text DEFAULT 'whole' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rent_month" integer;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_invoices_booking_month_key" ON "rent_invoices" USING btree ("booking_id","month");--> statement-breakpoint
CREATE INDEX "rent_invoices_due_idx" ON "rent_invoices" USING btree ("status","starts");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_per_month_key" ON "payments" USING btree ("booking_id","rent_month") WHERE "payments"."rent_month" is not null and "payments"."status" <> 'failed';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_plan_check" CHECK ("bookings"."payment_plan" in ('whole', 'monthly'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('message', 'booking_requested', 'booking_accepted', 'booking_declined', 'booking_cancelled', 'booking_expired', 'booking_paid', 'rent_due', 'payout_released', 'payout_sent', 'payout_details_needed', 'payment_refunded', 'review_received', 'hours_logged', 'hours_confirmed', 'hours_disputed', 'saved_search_match', 'account_notice'));