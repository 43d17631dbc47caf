DROP INDEX "listings_earth_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "area_lat" double precision GENERATED ALWAYS AS (round(lat * 100) / 100 + ((id % 19) - 9) * 0.0001) STORED;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "area_lng" double precision GENERATED ALWAYS AS (round(lng * 100) / 100 + (((id / 19) % 19) - 9) * 0.0001) STORED;--> statement-breakpoint
CREATE INDEX "listings_area_earth_idx" ON "listings" USING gist (ll_to_earth("area_lat", "area_lng"));--> statement-breakpoint
-- A US state is stored as its postal code (ADR 038): "Oregon", "or" and "OR" read the same everywhere.
UPDATE "listings" SET "state" = "state_code" WHERE "state_code" IN ('AL','AK','AZ','AR','CA','CO','CT','DE','DC','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME','MD','MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','PR','RI','SC','SD','TN','TX','UT','VT','VA','WA','WV','WI','WY') AND "state" <> "state_code";
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "short_side" integer;
