CREATE TABLE "listing_grid_cells" (
	"cell" bigint PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL,
	"newest" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- gridCellOf in libs/db/src/schema.ts, for the triggers below (the index keeps its own copy of the expression)
CREATE FUNCTION "listing_grid_cell"(lat float8, lng float8) RETURNS int8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN floor((lat + 90) * 200)::int8 * 72000 + floor((lng + 180) * 200)::int8;
--> statement-breakpoint
-- The cells follow every change of a listing the public sees, in the same transaction. Inserts and
-- deletes are applied per statement from their transition tables (a bulk import or a member's
-- cascaded deletion is one upsert per cell, in cell order so concurrent writers lock cells in the
-- same order); an update only when it moves a listing to another cell, changes whether the public
-- sees it, or changes its creation time (a row trigger with WHEN: counting a view costs nothing).
-- "newest" only rises: a listing that leaves keeps it as it was, still a bound that is never too old.
CREATE FUNCTION "listing_grid_cells_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_grid_cells" ("cell", "listings", "newest")
  SELECT "listing_grid_cell"("lat", "lng") AS "cell", count(*)::int, max("created_at")
  FROM inserted WHERE "is_visible" AND "status" <> 'draft' GROUP BY 1 ORDER BY 1
  ON CONFLICT ("cell") DO UPDATE SET "listings" = "listing_grid_cells"."listings" + excluded."listings",
    "newest" = greatest("listing_grid_cells"."newest", excluded."newest");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_cells_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "listing_grid_cells"
  WHERE "cell" IN (SELECT "listing_grid_cell"("lat", "lng") FROM deleted WHERE "is_visible" AND "status" <> 'draft')
  ORDER BY "cell" FOR UPDATE;
  UPDATE "listing_grid_cells" SET "listings" = "listing_grid_cells"."listings" - gone."listings"
  FROM (
    SELECT "listing_grid_cell"("lat", "lng") AS "cell", count(*)::int AS "listings"
    FROM deleted WHERE "is_visible" AND "status" <> 'draft' GROUP BY 1
  ) gone
  WHERE "listing_grid_cells"."cell" = gone."cell";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_cells_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_cell int8 := CASE WHEN OLD."is_visible" AND OLD."status" <> 'draft' THEN "listing_grid_cell"(OLD."lat", OLD."lng") END;
  new_cell int8 := CASE WHEN NEW."is_visible" AND NEW."status" <> 'draft' THEN "listing_grid_cell"(NEW."lat", NEW."lng") END;
BEGIN
  IF old_cell IS NOT NULL AND old_cell IS DISTINCT FROM new_cell THEN
    UPDATE "listing_grid_cells" SET "listings" = "listings" - 1 WHERE "cell" = old_cell;
  END IF;
  IF new_cell IS NOT NULL THEN
    INSERT INTO "listing_grid_cells" ("cell", "listings", "newest")
    VALUES (new_cell, CASE WHEN old_cell IS DISTINCT FROM new_cell THEN 1 ELSE 0 END, NEW."created_at")
    ON CONFLICT ("cell") DO UPDATE SET "listings" = "listing_grid_cells"."listings" + excluded."listings",
      "newest" = greatest("listing_grid_cells"."newest", excluded."newest");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_cells_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "listing_grid_cells";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listing_grid_cells_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_grid_cells_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "listing_grid_cells_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_grid_cells_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "listing_grid_cells_update" AFTER UPDATE OF "lat", "lng", "is_visible", "status", "created_at" ON "listings" FOR EACH ROW
  WHEN ((OLD."is_visible" AND OLD."status" <> 'draft') IS DISTINCT FROM (NEW."is_visible" AND NEW."status" <> 'draft')
     OR (NEW."is_visible" AND NEW."status" <> 'draft'
         AND (OLD."lat", OLD."lng", OLD."created_at") IS DISTINCT FROM (NEW."lat", NEW."lng", NEW."created_at")))
  EXECUTE FUNCTION "listing_grid_cells_on_update"();
--> statement-breakpoint
CREATE TRIGGER "listing_grid_cells_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_grid_cells_on_truncate"();
--> statement-breakpoint
INSERT INTO "listing_grid_cells" ("cell", "listings", "newest")
SELECT "listing_grid_cell"("lat", "lng"), count(*)::int, max("created_at")
FROM "listings" WHERE "is_visible" AND "status" <> 'draft' GROUP BY 1;
