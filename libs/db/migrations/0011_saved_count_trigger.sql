-- listings.saved_count follows saved_items in the same transaction: only the listings module writes
-- listings, so the saved module's inserts and deletes of saved listings adjust the count here.
-- Statement triggers read the transition tables, so a member's cascaded deletion (all their saved
-- listings) is one update per listing; rows are locked in id order first, so concurrent writers
-- lock listings in the same order. A count never goes below zero. A listing deleted with its saved
-- rows (ON DELETE CASCADE) is simply not found by the update.
CREATE FUNCTION "listing_saved_count_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "listings"
  WHERE "id" IN (SELECT "listing_id" FROM inserted WHERE "type" = 'listing' AND "listing_id" IS NOT NULL)
  ORDER BY "id" FOR UPDATE;
  UPDATE "listings" SET "saved_count" = "listings"."saved_count" + added."n"
  FROM (
    SELECT "listing_id", count(*)::int AS "n" FROM inserted
    WHERE "type" = 'listing' AND "listing_id" IS NOT NULL GROUP BY 1
  ) added
  WHERE "listings"."id" = added."listing_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_saved_count_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "listings"
  WHERE "id" IN (SELECT "listing_id" FROM deleted WHERE "type" = 'listing' AND "listing_id" IS NOT NULL)
  ORDER BY "id" FOR UPDATE;
  UPDATE "listings" SET "saved_count" = greatest("listings"."saved_count" - gone."n", 0)
  FROM (
    SELECT "listing_id", count(*)::int AS "n" FROM deleted
    WHERE "type" = 'listing' AND "listing_id" IS NOT NULL GROUP BY 1
  ) gone
  WHERE "listings"."id" = gone."listing_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The API never changes a saved row's type or listing; if anything does, the counts follow.
CREATE FUNCTION "listing_saved_count_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."type" = 'listing' AND OLD."listing_id" IS NOT NULL THEN
    UPDATE "listings" SET "saved_count" = greatest("saved_count" - 1, 0) WHERE "id" = OLD."listing_id";
  END IF;
  IF NEW."type" = 'listing' AND NEW."listing_id" IS NOT NULL THEN
    UPDATE "listings" SET "saved_count" = "saved_count" + 1 WHERE "id" = NEW."listing_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_saved_count_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "listings" SET "saved_count" = 0 WHERE "saved_count" <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "saved_items_count_insert" AFTER INSERT ON "saved_items"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "listing_saved_count_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "saved_items_count_delete" AFTER DELETE ON "saved_items"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "listing_saved_count_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "saved_items_count_update" AFTER UPDATE OF "type", "listing_id" ON "saved_items"
  FOR EACH ROW WHEN (OLD."type" IS DISTINCT FROM NEW."type" OR OLD."listing_id" IS DISTINCT FROM NEW."listing_id")
  EXECUTE FUNCTION "listing_saved_count_on_update"();
--> statement-breakpoint
CREATE TRIGGER "saved_items_count_truncate" AFTER TRUNCATE ON "saved_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_saved_count_on_truncate"();
--> statement-breakpoint
-- Recount once: a member's deletion used to remove their saved rows without lowering the counts.
UPDATE "listings" SET "saved_count" = coalesce(counted."n", 0)
FROM "listings" AS l
LEFT JOIN (
  SELECT "listing_id", count(*)::int AS "n" FROM "saved_items" WHERE "type" = 'listing' AND "listing_id" IS NOT NULL GROUP BY 1
) counted ON counted."listing_id" = l."id"
WHERE "listings"."id" = l."id" AND "listings"."saved_count" IS DISTINCT FROM coalesce(counted."n", 0);
