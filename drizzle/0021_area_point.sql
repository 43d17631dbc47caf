-- The approximate area's 3-D point stored (ADR 041): a radius search reads it from the index and the
-- row instead of computing ll_to_earth for every row it looks at.
DROP INDEX "listings_area_earth_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "area_point" "cube" GENERATED ALWAYS AS ((ll_to_earth(round(lat * 100) / 100 + ((id % 19) - 9) * 0.0001, round(lng * 100) / 100 + (((id / 19) % 19) - 9) * 0.0001))::cube) STORED;--> statement-breakpoint
CREATE INDEX "listings_area_point_idx" ON "listings" USING gist ("area_point");
