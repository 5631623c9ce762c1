-- A public map box search pages newest-first by reading the newest few listings of each 0.005° grid
-- cell the box touches (a LATERAL walk per cell) instead of sorting every listing in the box, and
-- counts its total from the same index: whole cells inside the box without looking at coordinates,
-- the border cells by their included coordinates. Only what the public may see is indexed.
CREATE INDEX "listings_grid_cell_idx" ON "listings" USING btree ((floor(("lat" + 90) * 200)::int8 * 72000 + floor(("lng" + 180) * 200)::int8),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("lat", "lng") WHERE "listings"."is_visible" and "listings"."status" <> 'draft';
