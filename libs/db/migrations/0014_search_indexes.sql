-- Issue 11: searches that no single index serves stay cheap at 1,000,000 listings.
--
-- 1. Covering walks. A newest-first or price-ordered page walks an index and stops at the page size;
--    with every filterable column INCLUDEd, the walk checks the filters in the index alone (an
--    index-only scan: ~0.3 µs a row) instead of visiting the 1 GB table for each row it passes (~2-8 µs).
CREATE INDEX IF NOT EXISTS "listings_newest_cover_idx" ON "listings" ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  INCLUDE ("offer", "type", "kind", "price", "bedrooms", "bathrooms", "parking_slots", "furnishing", "city_code", "barangay_code",
           "lat", "lng", "lot_size", "floor_size", "verified", "rating_average", "tags")
  WHERE "is_visible" AND "status" <> 'draft';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_price_cover_idx" ON "listings" ("price", "id")
  INCLUDE ("offer", "type", "kind", "created_at", "bedrooms", "bathrooms", "parking_slots", "furnishing", "city_code", "barangay_code",
           "lat", "lng", "lot_size", "floor_size", "verified", "rating_average", "tags")
  WHERE "is_visible" AND "status" <> 'draft';
--> statement-breakpoint
-- 2. Facet tokens. Filters common alone but rare together (industrial with 3+ bedrooms; an apartment
--    with parking that takes pets) have no ordered index to walk: the GIN index below holds one token
--    per filter value, so their conjunction is one `@>` that intersects posting lists. "At least N"
--    filters are cumulative tokens (3 bedrooms: r1, r2, r3) and a price carries which band boundaries
--    (PRICE_TOKEN_BOUNDS in listing-search.ts: PRICE_BANDS' bounds and finer ones) it is above (p>i)
--    and below (p<i), so every filter is a single token.
--    The listings repository builds the same tokens (facetTokensOf); keep the two in step.
CREATE OR REPLACE FUNCTION listing_facet_tokens(
  offer text, type text, kind text, furnishing text, bedrooms int, bathrooms int, parking int, price numeric, tags text[]
) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  bounds numeric[] := ARRAY[10000, 20000, 50000, 100000, 200000, 500000, 1000000, 2000000, 5000000, 10000000, 20000000, 50000000];
  tokens text[] := ARRAY['o' || offer, 't' || type];
  i int;
BEGIN
  IF kind IS NOT NULL THEN tokens := tokens || ('k' || kind); END IF;
  IF furnishing IS NOT NULL THEN tokens := tokens || ('f' || furnishing); END IF;
  FOR i IN 1 .. least(coalesce(bedrooms, 0), 5) LOOP tokens := tokens || ('r' || i); END LOOP;
  FOR i IN 1 .. least(coalesce(bathrooms, 0), 5) LOOP tokens := tokens || ('w' || i); END LOOP;
  FOR i IN 1 .. least(coalesce(parking, 0), 5) LOOP tokens := tokens || ('g' || i); END LOOP;
  FOR i IN 1 .. array_length(bounds, 1) LOOP
    tokens := tokens || (CASE WHEN price >= bounds[i] THEN 'p>' ELSE 'p<' END || i);
  END LOOP;
  RETURN tokens || coalesce(ARRAY(SELECT 'x' || t FROM unnest(tags) t), '{}');
END $$;
--> statement-breakpoint
-- One GIN index over the words and the tokens: a text search with filters is one index scan that
-- intersects every posting list (two GIN indexes would build two large bitmaps and AND them).
CREATE INDEX IF NOT EXISTS "listings_words_tokens_idx" ON "listings"
  USING gin ("search_vector", listing_facet_tokens("offer", "type", "kind", "furnishing", "bedrooms", "bathrooms", "parking_slots", "price", "tags"))
  WHERE "is_visible" AND "status" <> 'draft';
--> statement-breakpoint
-- The planner's row estimate for a token conjunction (without it, any `@>` is taken as 0.5 % of the table).
CREATE STATISTICS IF NOT EXISTS "listings_facet_tokens_stats"
  ON (listing_facet_tokens("offer", "type", "kind", "furnishing", "bedrooms", "bathrooms", "parking_slots", "price", "tags")) FROM "listings";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_offer_price_cover_idx" ON "listings" ("offer", "price", "id")
  INCLUDE ("type", "kind", "created_at", "bedrooms", "bathrooms", "parking_slots", "furnishing", "city_code", "barangay_code",
           "lat", "lng", "lot_size", "floor_size", "verified", "rating_average", "tags")
  WHERE "is_visible" AND "status" <> 'draft';
--> statement-breakpoint
-- A name order (A-Z, Z-A) walks this instead of sorting every match.
CREATE INDEX IF NOT EXISTS "listings_name_idx" ON "listings" ("name") WHERE "is_visible" AND "status" <> 'draft';
--> statement-breakpoint
ANALYZE "listings";
