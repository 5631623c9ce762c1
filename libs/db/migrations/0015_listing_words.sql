CREATE TABLE "listing_words" (
	"word" text PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
-- The words of a listing's search text as the full-text search sees them ('simple' lexemes), at least
-- three characters and not only digits (codes and numbers are not misspelt words).
CREATE FUNCTION "listing_words_of"(search_text text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ARRAY(SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', search_text))) w
               WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]');
--> statement-breakpoint
-- The words follow every listing the public sees, in the same transaction: inserts and deletes per
-- statement from their transition tables (a bulk import is one upsert per word, in word order so
-- concurrent writers lock words in the same order); an update only when its text or whether the
-- public sees it changes (a row trigger with WHEN: counting a view costs nothing).
CREATE FUNCTION "listing_words_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_words" ("word", "listings")
  SELECT w, count(*)::int FROM inserted, unnest("listing_words_of"(inserted."search_text")) w
  WHERE inserted."is_visible" AND inserted."status" <> 'draft' GROUP BY w ORDER BY w
  ON CONFLICT ("word") DO UPDATE SET "listings" = "listing_words"."listings" + excluded."listings";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_words_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "listing_words" WHERE "word" IN (
    SELECT w FROM deleted, unnest("listing_words_of"(deleted."search_text")) w WHERE deleted."is_visible" AND deleted."status" <> 'draft'
  ) ORDER BY "word" FOR UPDATE;
  UPDATE "listing_words" SET "listings" = "listing_words"."listings" - gone.n
  FROM (
    SELECT w, count(*)::int AS n FROM deleted, unnest("listing_words_of"(deleted."search_text")) w
    WHERE deleted."is_visible" AND deleted."status" <> 'draft' GROUP BY w
  ) gone
  WHERE "listing_words"."word" = gone.w;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_words_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."is_visible" AND OLD."status" <> 'draft' THEN
    UPDATE "listing_words" SET "listings" = "listings" - 1 WHERE "word" = ANY ("listing_words_of"(OLD."search_text"));
  END IF;
  IF NEW."is_visible" AND NEW."status" <> 'draft' THEN
    INSERT INTO "listing_words" ("word", "listings")
    SELECT w, 1 FROM unnest("listing_words_of"(NEW."search_text")) w ORDER BY w
    ON CONFLICT ("word") DO UPDATE SET "listings" = "listing_words"."listings" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_words_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "listing_words";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listing_words_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_words_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "listing_words_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_words_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "listing_words_update" AFTER UPDATE ON "listings" FOR EACH ROW
  WHEN ((OLD."is_visible" AND OLD."status" <> 'draft') IS DISTINCT FROM (NEW."is_visible" AND NEW."status" <> 'draft')
     OR (NEW."is_visible" AND NEW."status" <> 'draft' AND OLD."search_text" IS DISTINCT FROM NEW."search_text"))
  EXECUTE FUNCTION "listing_words_on_update"();
--> statement-breakpoint
CREATE TRIGGER "listing_words_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_words_on_truncate"();
--> statement-breakpoint
INSERT INTO "listing_words" ("word", "listings")
SELECT w, count(*)::int FROM "listings", unnest("listing_words_of"("search_text")) w
WHERE "is_visible" AND "status" <> 'draft' GROUP BY w;
--> statement-breakpoint
-- similar words by trigrams (pg_trgm, migration 0001)
CREATE INDEX "listing_words_trgm_idx" ON "listing_words" USING gin ("word" gin_trgm_ops);
