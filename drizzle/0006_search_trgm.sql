-- Trigram similarity for typo-tolerant search (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- A listing's amenities in lower case, for the amenities filter and its index.
CREATE OR REPLACE FUNCTION listing_amenity_keys(amenities text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array(SELECT lower(a) FROM unnest(amenities) a) $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_city_state_idx";--> statement-breakpoint
DROP INDEX "listings_state_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "state_code" text GENERATED ALWAYS AS (case lower(btrim(regexp_replace(replace(state, '.', ''), '\s+', ' ', 'g'))) when 'alabama' then 'AL' when 'alaska' then 'AK' when 'arizona' then 'AZ' when 'arkansas' then 'AR' when 'california' then 'CA' when 'colorado' then 'CO' when 'connecticut' then 'CT' when 'delaware' then 'DE' when 'district of columbia' then 'DC' when 'florida' then 'FL' when 'georgia' then 'GA' when 'hawaii' then 'HI' when 'idaho' then 'ID' when 'illinois' then 'IL' when 'indiana' then 'IN' when 'iowa' then 'IA' when 'kansas' then 'KS' when 'kentucky' then 'KY' when 'louisiana' then 'LA' when 'maine' then 'ME' when 'maryland' then 'MD' when 'massachusetts' then 'MA' when 'michigan' then 'MI' when 'minnesota' then 'MN' when 'mississippi' then 'MS' when 'missouri' then 'MO' when 'montana' then 'MT' when 'nebraska' then 'NE' when 'nevada' then 'NV' when 'new hampshire' then 'NH' when 'new jersey' then 'NJ' when 'new mexico' then 'NM' when 'new york' then 'NY' when 'north carolina' then 'NC' when 'north dakota' then 'ND' when 'ohio' then 'OH' when 'oklahoma' then 'OK' when 'oregon' then 'OR' when 'pennsylvania' then 'PA' when 'puerto rico' then 'PR' when 'rhode island' then 'RI' when 'south carolina' then 'SC' when 'south dakota' then 'SD' when 'tennessee' then 'TN' when 'texas' then 'TX' when 'utah' then 'UT' when 'vermont' then 'VT' when 'virginia' then 'VA' when 'washington' then 'WA' when 'west virginia' then 'WV' when 'wisconsin' then 'WI' when 'wyoming' then 'WY' else upper(btrim(regexp_replace(replace(state, '.', ''), '\s+', ' ', 'g'))) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "size_sqft" integer GENERATED ALWAYS AS (nullif(least(coalesce(round(case when lower(replace(size, ',', '')) ~ '(\d+(?:\.\d+)?|\.\d+)\s*(?:x|by|\*)\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:m|meters?|metres?)\y' then (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)\s*(?:x|by|\*)\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:m|meters?|metres?)\y'))[1]::numeric * (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)\s*(?:x|by|\*)\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:m|meters?|metres?)\y'))[2]::numeric * 10.7639 when lower(replace(size, ',', '')) ~ '(\d+(?:\.\d+)?|\.\d+)\s*(?:x|by|\*)\s*(\d+(?:\.\d+)?|\.\d+)' then (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)\s*(?:x|by|\*)\s*(\d+(?:\.\d+)?|\.\d+)'))[1]::numeric * (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)\s*(?:x|by|\*)\s*(\d+(?:\.\d+)?|\.\d+)'))[2]::numeric when lower(replace(size, ',', '')) ~ '(\d+(?:\.\d+)?|\.\d+)\s*(?:m2|sq\.?\s*m\y|sqm|square met)' then (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)\s*(?:m2|sq\.?\s*m\y|sqm|square met)'))[1]::numeric * 10.7639 when lower(replace(size, ',', '')) ~ '(\d+)\s*/\s*(\d+)\s*(?:of an? )?acres?' then (regexp_match(lower(replace(size, ',', '')), '(\d+)\s*/\s*(\d+)\s*(?:of an? )?acres?'))[1]::numeric / nullif((regexp_match(lower(replace(size, ',', '')), '(\d+)\s*/\s*(\d+)\s*(?:of an? )?acres?'))[2]::numeric, 0) * 43560 when lower(replace(size, ',', '')) ~ '(\d+(?:\.\d+)?|\.\d+)\s*acres?' then (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)\s*acres?'))[1]::numeric * 43560 when lower(replace(size, ',', '')) ~ '(\d+(?:\.\d+)?|\.\d+)\s*(?:ha|hectares?)\y' then (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)\s*(?:ha|hectares?)\y'))[1]::numeric * 107639 when lower(replace(size, ',', '')) ~ 'half (?:an )?acre' then 21780 when lower(replace(size, ',', '')) ~ 'quarter (?:of an )?acre' then 10890 when lower(replace(size, ',', '')) ~ '(\d+(?:\.\d+)?|\.\d+)' then (regexp_match(lower(replace(size, ',', '')), '(\d+(?:\.\d+)?|\.\d+)'))[1]::numeric end), -1), 2000000000), -1)::integer) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree (coalesce("price", 0),"id");--> statement-breakpoint
CREATE INDEX "listings_amenities_idx" ON "listings" USING gin (listing_amenity_keys("amenities"));--> statement-breakpoint
CREATE INDEX "listings_city_state_idx" ON "listings" USING btree (lower("city") text_pattern_ops,"state_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_state_idx" ON "listings" USING btree ("state_code","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);;--> statement-breakpoint
-- The vocabulary of listing texts for typo tolerance: every word of 3 to 30 letters.
CREATE OR REPLACE FUNCTION listings_vocabulary() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows r,
      unnest(tsvector_to_array(to_tsvector('simple', r.title || ' ' || r.description))) w
    WHERE length(w) BETWEEN 3 AND 30 AND w !~ '[0-9_]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_vocabulary_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_vocabulary();--> statement-breakpoint
CREATE TRIGGER listings_vocabulary_update AFTER UPDATE ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_vocabulary();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM listings r,
    unnest(tsvector_to_array(to_tsvector('simple', r.title || ' ' || r.description))) w
  WHERE length(w) BETWEEN 3 AND 30 AND w !~ '[0-9_]'
ON CONFLICT DO NOTHING;
