CREATE TABLE "booking_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"by" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "booking_reviews_rating_check" CHECK ("booking_reviews"."rating" between 1 and 5),
	CONSTRAINT "booking_reviews_by_check" CHECK ("booking_reviews"."by" in ('grower', 'host'))
);
--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reviews_booking_by_key" ON "booking_reviews" USING btree ("booking_id","by");--> statement-breakpoint
CREATE INDEX "booking_reviews_hidden_idx" ON "booking_reviews" USING btree ("booking_id") WHERE "booking_reviews"."revealed_at" is null;