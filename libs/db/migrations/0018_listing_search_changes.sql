CREATE TABLE "listing_search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_search_changes_xid_idx" ON "listing_search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "listing_search_changes_changed_at_idx" ON "listing_search_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every change search reads: inserts and deletes by statement (a bulk insert writes its rows in one
-- INSERT ... SELECT), updates of the columns search reads by row (counting a view or a save writes
-- nothing here). TRUNCATE writes the nil id: "reload everything".
CREATE FUNCTION "listing_search_changes_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search_changes (listing_id) SELECT id FROM inserted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_search_changes_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search_changes (listing_id) SELECT id FROM deleted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_search_changes_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search_changes (listing_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_search_changes_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search_changes (listing_id) VALUES ('00000000-0000-0000-0000-000000000000');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listing_search_changes_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_search_changes_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "listing_search_changes_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_search_changes_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "listing_search_changes_update" AFTER UPDATE ON "listings" FOR EACH ROW
  WHEN ((OLD.id, OLD.is_visible, OLD.status, OLD.name, OLD.search_vector, OLD.price, OLD.currency, OLD.lot_size, OLD.floor_size,
         OLD.bedrooms, OLD.bathrooms, OLD.parking_slots, OLD.type, OLD.offer, OLD.kind, OLD.furnishing, OLD.tags, OLD.verified,
         OLD.rating_average, OLD.lat, OLD.lng, OLD.owner_id, OLD.city_code, OLD.city_name, OLD.barangay_code, OLD.created_at)
        IS DISTINCT FROM
        (NEW.id, NEW.is_visible, NEW.status, NEW.name, NEW.search_vector, NEW.price, NEW.currency, NEW.lot_size, NEW.floor_size,
         NEW.bedrooms, NEW.bathrooms, NEW.parking_slots, NEW.type, NEW.offer, NEW.kind, NEW.furnishing, NEW.tags, NEW.verified,
         NEW.rating_average, NEW.lat, NEW.lng, NEW.owner_id, NEW.city_code, NEW.city_name, NEW.barangay_code, NEW.created_at))
  EXECUTE FUNCTION "listing_search_changes_on_update"();
--> statement-breakpoint
CREATE TRIGGER "listing_search_changes_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_search_changes_on_truncate"();
