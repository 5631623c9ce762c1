ALTER TABLE "listings" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', lower(name || ' ' || code || ' ' || coalesce(street, '') || ' ' || barangay_name || ' ' || city_name || ' ' || coalesce(province_name, '') || ' ' || left(description, 300)) || ' c' || city_code || ' b' || barangay_code || ' t' || type)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_vector_idx" ON "listings" USING gin ("search_vector");
