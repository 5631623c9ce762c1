CREATE TABLE "listing_grid_blocks" (
	"level" smallint NOT NULL,
	"block" bigint NOT NULL,
	"listings" integer NOT NULL,
	"newest" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_grid_blocks_level_block_pk" PRIMARY KEY("level","block")
);
--> statement-breakpoint
CREATE INDEX "listing_grid_blocks_columns_idx" ON "listing_grid_blocks" USING btree ("level",(("block" % 72000) * 72000 + "block" / 72000));--> statement-breakpoint
-- A block of level L: cell row >> L, cell column >> L (see listing_grid_cell in 0009).
CREATE FUNCTION "listing_grid_block"(cell int8, level int) RETURNS int8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ((cell / 72000) >> level) * 72000 + ((cell % 72000) >> level);
--> statement-breakpoint
-- The blocks follow listing_grid_cells, per statement from its transition tables, in (level, block)
-- order so concurrent writers lock blocks in the same order. The cells' own triggers (0009) change
-- them once per statement on listings (an upsert on insert: its new rows fire the INSERT trigger, its
-- conflicting rows the UPDATE trigger), so a listing's change reaches the blocks in the same transaction.
CREATE FUNCTION "listing_grid_blocks_on_cells_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_grid_blocks" ("level", "block", "listings", "newest")
  SELECT l.level, "listing_grid_block"(c."cell", l.level), sum(c."listings")::int, max(c."newest")
  FROM new_cells c CROSS JOIN generate_series(1, 8) AS l(level)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("level", "block") DO UPDATE SET "listings" = "listing_grid_blocks"."listings" + excluded."listings",
    "newest" = greatest("listing_grid_blocks"."newest", excluded."newest");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_blocks_on_cells_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_grid_blocks" ("level", "block", "listings", "newest")
  SELECT l.level, "listing_grid_block"(n."cell", l.level), sum(n."listings" - o."listings")::int, max(n."newest")
  FROM new_cells n JOIN old_cells o ON o."cell" = n."cell" CROSS JOIN generate_series(1, 8) AS l(level)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("level", "block") DO UPDATE SET "listings" = "listing_grid_blocks"."listings" + excluded."listings",
    "newest" = greatest("listing_grid_blocks"."newest", excluded."newest");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_blocks_on_cells_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "listing_grid_blocks" b
  WHERE (b."level", b."block") IN (SELECT l.level, "listing_grid_block"(c."cell", l.level) FROM old_cells c CROSS JOIN generate_series(1, 8) AS l(level))
  ORDER BY b."level", b."block" FOR UPDATE;
  UPDATE "listing_grid_blocks" b SET "listings" = b."listings" - gone."listings"
  FROM (
    SELECT l.level, "listing_grid_block"(c."cell", l.level) AS "block", sum(c."listings")::int AS "listings"
    FROM old_cells c CROSS JOIN generate_series(1, 8) AS l(level) GROUP BY 1, 2
  ) gone
  WHERE b."level" = gone.level AND b."block" = gone."block";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listing_grid_blocks_insert" AFTER INSERT ON "listing_grid_cells" REFERENCING NEW TABLE AS new_cells
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_grid_blocks_on_cells_insert"();
--> statement-breakpoint
CREATE TRIGGER "listing_grid_blocks_update" AFTER UPDATE ON "listing_grid_cells" REFERENCING OLD TABLE AS old_cells NEW TABLE AS new_cells
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_grid_blocks_on_cells_update"();
--> statement-breakpoint
CREATE TRIGGER "listing_grid_blocks_delete" AFTER DELETE ON "listing_grid_cells" REFERENCING OLD TABLE AS old_cells
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_grid_blocks_on_cells_delete"();
--> statement-breakpoint
CREATE FUNCTION "listing_grid_blocks_on_cells_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "listing_grid_blocks";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listing_grid_blocks_truncate" AFTER TRUNCATE ON "listing_grid_cells"
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_grid_blocks_on_cells_truncate"();
--> statement-breakpoint
INSERT INTO "listing_grid_blocks" ("level", "block", "listings", "newest")
SELECT l.level, "listing_grid_block"(c."cell", l.level), sum(c."listings")::int, max(c."newest")
FROM "listing_grid_cells" c CROSS JOIN generate_series(1, 8) AS l(level)
GROUP BY 1, 2;
--> statement-breakpoint
-- A public map box's listings by cluster (ListingMapRepository.publicClusters): the whole blocks of the
-- runs along rows (`levels`/`lo`/`hi`: block ids) and along columns (`col_levels`/`col_lo`/`col_hi`:
-- column * 72000 + row, listing_grid_blocks_columns_idx), placed at their centres, and the listings
-- of the edge strips (at most four rectangles of cells, rows `s_r0`..`s_r1` and columns `s_c0`..`s_c1`,
-- found with the point index in `s_south`..`s_east` and kept by their cell) that lie inside the box,
-- summed by their cell at `cluster_level`. A function so its plan is cached per connection (planning
-- cost as much as running) and it runs without JIT (its row estimates, a range's default share per
-- run, pass jit_above_cost: 10-30 ms compiling a statement that runs in 1-3 ms). Only what the public
-- sees: the blocks hold nothing else, and the strips ask for it.
CREATE FUNCTION "listing_box_clusters"(levels int[], lo int8[], hi int8[], col_levels int[], col_lo int8[], col_hi int8[],
    s_south float8[], s_north float8[], s_west float8[], s_east float8[], s_r0 int8[], s_r1 int8[], s_c0 int8[], s_c1 int8[],
    box_south float8, box_north float8, box_west float8, box_east float8, cluster_level int)
  RETURNS TABLE (cluster int8, listings int8, lat float8, lng float8, south float8, north float8, west float8, east float8)
  LANGUAGE plpgsql STABLE SET jit = off AS $$
BEGIN
  RETURN QUERY
  WITH blocks AS (
    SELECT s.level, found."block", found."listings"
    FROM unnest(levels, lo, hi) AS s(level, lo, hi)
    CROSS JOIN LATERAL (
      SELECT b."block", b."listings" FROM "listing_grid_blocks" b
      WHERE b."level" = s.level AND b."block" BETWEEN s.lo AND s.hi AND b."listings" > 0 OFFSET 0
    ) found
    UNION ALL
    SELECT s.level, found."block", found."listings"
    FROM unnest(col_levels, col_lo, col_hi) AS s(level, lo, hi)
    CROSS JOIN LATERAL (
      SELECT b."block", b."listings" FROM "listing_grid_blocks" b
      WHERE b."level" = s.level AND ((b."block" % 72000) * 72000 + b."block" / 72000) BETWEEN s.lo AND s.hi AND b."listings" > 0 OFFSET 0
    ) found
  ),
  parts AS (
    SELECT ((b."block" / 72000) >> (cluster_level - b.level)) * 72000 + ((b."block" % 72000) >> (cluster_level - b.level)) AS cluster,
      b."listings"::int8 AS n,
      ((b."block" / 72000) + 0.5) * (1 << b.level) / 200.0 - 90 AS lat,
      ((b."block" % 72000) + 0.5) * (1 << b.level) / 200.0 - 180 AS lng,
      (b."block" / 72000) * (1 << b.level) / 200.0 - 90 AS south,
      ((b."block" / 72000) + 1) * (1 << b.level) / 200.0 - 90 AS north,
      (b."block" % 72000) * (1 << b.level) / 200.0 - 180 AS west,
      ((b."block" % 72000) + 1) * (1 << b.level) / 200.0 - 180 AS east
    FROM blocks b
    UNION ALL
    SELECT ((floor((l."lat" + 90) * 200)::int8 >> cluster_level) * 72000 + (floor((l."lng" + 180) * 200)::int8 >> cluster_level)),
      1, l."lat", l."lng", l."lat", l."lat", l."lng", l."lng"
    FROM unnest(s_south, s_north, s_west, s_east, s_r0, s_r1, s_c0, s_c1) AS s(south, north, west, east, r0, r1, c0, c1)
    CROSS JOIN LATERAL (
      SELECT x."lat", x."lng" FROM "listings" x
      WHERE point(x."lng", x."lat") <@ box(point(s.west, s.south), point(s.east, s.north))
        AND x."is_visible" AND x."status" <> 'draft'
        AND floor((x."lat" + 90) * 200)::int8 BETWEEN s.r0 AND s.r1 AND floor((x."lng" + 180) * 200)::int8 BETWEEN s.c0 AND s.c1
        AND x."lat" BETWEEN box_south AND box_north AND x."lng" BETWEEN box_west AND box_east OFFSET 0
    ) l
  )
  SELECT p.cluster, sum(p.n)::int8, (sum(p.n * p.lat) / sum(p.n))::float8, (sum(p.n * p.lng) / sum(p.n))::float8,
    greatest(min(p.south), box_south)::float8, least(max(p.north), box_north)::float8,
    greatest(min(p.west), box_west)::float8, least(max(p.east), box_east)::float8
  FROM parts p GROUP BY p.cluster ORDER BY p.cluster;
END $$;
--> statement-breakpoint
-- The newest-first page of a public box from the grid index, a run of cells (a row of the box) at a
-- time: every listing of the box is read from the index (so only for boxes that hold few), each run's
-- newest `walk` kept, merged. A function for the same reasons as listing_box_clusters.
CREATE FUNCTION "listing_box_newest"(lo int8[], hi int8[], box_south float8, box_north float8, box_west float8, box_east float8,
    page_limit int, page_skip int)
  RETURNS TABLE (id uuid) LANGUAGE plpgsql STABLE SET jit = off AS $$
BEGIN
  RETURN QUERY
  SELECT found.id FROM unnest(lo, hi) AS s(lo, hi)
  CROSS JOIN LATERAL (
    SELECT x."id", x."created_at" FROM "listings" x
    WHERE (floor((x."lat" + 90) * 200)::int8 * 72000 + floor((x."lng" + 180) * 200)::int8) BETWEEN s.lo AND s.hi
      AND x."is_visible" AND x."status" <> 'draft'
      AND x."lat" BETWEEN box_south AND box_north AND x."lng" BETWEEN box_west AND box_east
    ORDER BY x."created_at" DESC, x."id" DESC LIMIT page_limit + page_skip
  ) found
  ORDER BY found.created_at DESC, found.id DESC LIMIT page_limit OFFSET page_skip;
END $$;
