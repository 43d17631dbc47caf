CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"listing_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token"),
	CONSTRAINT "calendar_feeds_owner_check" CHECK (("calendar_feeds"."listing_id" is null) <> ("calendar_feeds"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_read_at" timestamp with time zone,
	"error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"import_id" integer,
	"start" date NOT NULL,
	"end" date NOT NULL,
	CONSTRAINT "listing_blocks_range_check" CHECK ("listing_blocks"."end" > "listing_blocks"."start")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_blocks" ADD CONSTRAINT "listing_blocks_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_blocks" ADD CONSTRAINT "listing_blocks_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_listing_idx" ON "calendar_feeds" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_imports_listing_url_idx" ON "calendar_imports" USING btree ("listing_id","url");--> statement-breakpoint
CREATE INDEX "calendar_imports_next_idx" ON "calendar_imports" USING btree ("next_read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_blocks_import_range_idx" ON "listing_blocks" USING btree ("import_id","start","end");--> statement-breakpoint
CREATE INDEX "listing_blocks_listing_idx" ON "listing_blocks" USING btree ("listing_id","start");