CREATE TABLE "booking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"grower_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"start" date NOT NULL,
	"end" date,
	"months" integer,
	"price_per_month" integer,
	"amount" integer,
	"fee" integer,
	"total" integer,
	"hours_per_week" integer,
	"instant" boolean DEFAULT false NOT NULL,
	"note" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('requested', 'accepted', 'declined', 'withdrawn', 'expired', 'paid', 'active', 'completed', 'cancelled')),
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."end" is null or "bookings"."end" > "bookings"."start")
);
--> statement-breakpoint
CREATE TABLE "hours_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"day" date NOT NULL,
	"quarters" integer NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'logged' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "hours_entries_quarters_check" CHECK ("hours_entries"."quarters" between 1 and 96),
	CONSTRAINT "hours_entries_status_check" CHECK ("hours_entries"."status" in ('logged', 'confirmed', 'disputed'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "plots" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "season_start" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "season_end" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "booking_mode" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_grower_id_users_id_fk" FOREIGN KEY ("grower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD CONSTRAINT "hours_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "bookings_listing_idx" ON "bookings" USING btree ("listing_id","start");--> statement-breakpoint
CREATE INDEX "bookings_grower_idx" ON "bookings" USING btree ("grower_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_host_idx" ON "bookings" USING btree ("host_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_due_idx" ON "bookings" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_open_key" ON "bookings" USING btree ("grower_id","listing_id") WHERE "bookings"."status" in ('requested', 'accepted', 'paid', 'active');--> statement-breakpoint
CREATE INDEX "hours_entries_booking_idx" ON "hours_entries" USING btree ("booking_id","day");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_plots_check" CHECK ("listings"."plots" between 1 and 500);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_season_check" CHECK (("listings"."season_start" is null and "listings"."season_end" is null) or ("listings"."season_start" between 1 and 12 and "listings"."season_end" between 1 and 12));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_booking_mode_check" CHECK ("listings"."booking_mode" in ('instant', 'request'));