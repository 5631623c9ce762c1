-- Issue 10: buy / rent, the property kind inside the spec's type, parking slots and furnishing.
-- the search vector goes first (the backfill then rewrites no GIN entries) and comes back with the new tokens
ALTER TABLE "listings" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "offer" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "parking_slots" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "furnishing" text;--> statement-breakpoint
-- Backfill in one pass: the offer from the "for rent" tag (or a rented status), the furnishing from its
-- tags, the kind from a free-text address type that names one inside the listing's type; the tags then
-- carry the offer's tag ("for sale" or "for rent", not both). The saved-count and grid-cell triggers
-- ignore these columns.
UPDATE "listings" AS l SET
  "offer" = x.offer,
  "furnishing" = CASE WHEN 'furnished' = ANY (l.tags) THEN 'furnished' WHEN 'unfurnished' = ANY (l.tags) THEN 'unfurnished' END,
  "kind" = (
    SELECT k.kind FROM (VALUES
      ('condominium', 'residential', 'condominium'), ('condo', 'residential', 'condominium'),
      ('house_and_lot', 'residential', 'house_and_lot'), ('house', 'residential', 'house_and_lot'),
      ('townhouse', 'residential', 'townhouse'), ('apartment', 'residential', 'apartment'),
      ('lot', 'land', 'lot'), ('office', 'commercial', 'office'), ('commercial_space', 'commercial', 'commercial_space'),
      ('warehouse', 'industrial', 'warehouse'), ('farm', 'agricultural', 'farm'), ('farm_lot', 'agricultural', 'farm')
    ) AS k(said, type, kind)
    WHERE k.said = replace(lower(btrim(l.address_type)), ' ', '_') AND k.type = l.type
  ),
  "tags" = array_append(array_remove(array_remove(l.tags, 'for sale'), 'for rent'), CASE x.offer WHEN 'rent' THEN 'for rent' ELSE 'for sale' END)
FROM (SELECT id, CASE WHEN 'for rent' = ANY (tags) OR status = 'rented' THEN 'rent' ELSE 'sale' END AS offer FROM "listings") AS x
WHERE x.id = l.id;--> statement-breakpoint
-- The offer (o<offer>) and kind (k<kind without underscores>) join the search vector's filter tokens.
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', lower(name || ' ' || code || ' ' || coalesce(street, '') || ' ' || barangay_name || ' ' || city_name || ' ' || coalesce(province_name, '') || ' ' || left(description, 300)) || ' c' || city_code || ' b' || barangay_code || ' t' || type || ' o' || offer || coalesce(' k' || replace(kind, '_', ''), ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_vector_idx" ON "listings" USING gin ("search_vector");
--> statement-breakpoint
-- Buy / rent totals (with the kind and bedrooms, no city and no text) count from this index alone.
CREATE INDEX "listings_offer_kind_idx" ON "listings" USING btree ("offer","kind","bedrooms") WHERE "listings"."is_visible" and "listings"."status" <> 'draft';
