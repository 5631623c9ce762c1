CREATE TABLE "listing_grid_blocks" (
	"level" smallint NOT NULL,
	"block" bigint NOT NULL,
	"listings" integer NOT NULL,
	"newest" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_grid_blocks_level_block_pk" PRIMARY KEY("level","block")
);
--> statement-breakpoint
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
