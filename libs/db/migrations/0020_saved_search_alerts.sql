CREATE TABLE "saved_search_alert_keys" (
	"key" text NOT NULL,
	"saved_item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"alert" text NOT NULL,
	"alert_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_item_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_item_id_listing_id_pk" PRIMARY KEY("saved_item_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "saved_items" ADD COLUMN "alert" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_items" ADD COLUMN "alert_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_items" ADD COLUMN "alert_filters" jsonb;--> statement-breakpoint
ALTER TABLE "saved_items" ADD COLUMN "last_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_search_alert_keys" ADD CONSTRAINT "saved_search_alert_keys_saved_item_id_saved_items_id_fk" FOREIGN KEY ("saved_item_id") REFERENCES "public"."saved_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alert_keys" ADD CONSTRAINT "saved_search_alert_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_item_id_saved_items_id_fk" FOREIGN KEY ("saved_item_id") REFERENCES "public"."saved_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- a new listing reads its candidate searches from this index alone (an index-only scan): it covers what
-- matching reads besides the key (drizzle cannot say INCLUDE; the snapshot has the index without it)
CREATE UNIQUE INDEX "saved_search_alert_keys_key" ON "saved_search_alert_keys" USING btree ("key","saved_item_id") INCLUDE ("user_id","alert","alert_since");--> statement-breakpoint
CREATE INDEX "saved_search_alert_keys_search_idx" ON "saved_search_alert_keys" USING btree ("saved_item_id");--> statement-breakpoint
CREATE INDEX "saved_search_alert_keys_user_idx" ON "saved_search_alert_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_user_idx" ON "saved_search_matches" USING btree ("user_id") WHERE "saved_search_matches"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_time_idx" ON "saved_search_matches" USING btree ("matched_at") WHERE "saved_search_matches"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_listing_idx" ON "saved_search_matches" USING btree ("listing_id");--> statement-breakpoint
-- only a saved search alerts, and only in one of the ways SAVED_SEARCH_ALERTS names
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_alert_check" CHECK ("alert" in ('off', 'instant', 'daily') and ("alert" = 'off' or "type" = 'search'));
