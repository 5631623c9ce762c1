-- The map search reads the ids and newest-first order of every listing in a box, and counts them:
-- covering the point index with what those need lets both run as index-only scans.
DROP INDEX "listings_point_idx";--> statement-breakpoint
CREATE INDEX "listings_point_idx" ON "listings" USING gist (point("lng", "lat")) INCLUDE ("lng", "lat", "created_at", "id", "is_visible", "status");
