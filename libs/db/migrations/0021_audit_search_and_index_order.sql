CREATE TABLE "audit_daily_counts" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "audit_daily_counts_day_type_severity_pk" PRIMARY KEY("day","type","severity")
);
--> statement-breakpoint
DROP INDEX "activities_user_idx";--> statement-breakpoint
DROP INDEX "activities_occurred_idx";--> statement-breakpoint
DROP INDEX "audit_log_occurred_idx";--> statement-breakpoint
DROP INDEX "audit_log_type_idx";--> statement-breakpoint
DROP INDEX "audit_log_severity_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "listing_reviews_listing_idx";--> statement-breakpoint
DROP INDEX "saved_items_user_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', description || ' ' || coalesce(actor_name, '') || ' ' || coalesce(actor_email, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_search_idx" ON "audit_log" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("user_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_occurred_idx" ON "activities" USING btree ("occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_type_idx" ON "audit_log" USING btree ("type","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_severity_idx" ON "audit_log" USING btree ("severity","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_kind","entity_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listing_reviews_listing_idx" ON "listing_reviews" USING btree ("listing_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_items_user_idx" ON "saved_items" USING btree ("user_id","type","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- the stored search_vector replaces the expression index of 0019 (the same words)
DROP INDEX IF EXISTS "audit_log_text_idx";--> statement-breakpoint
-- the daily counts of the entries already written
INSERT INTO "audit_daily_counts" ("day", "type", "severity", "count")
SELECT ("occurred_at" AT TIME ZONE 'UTC')::date, "type", "severity", count(*)::int FROM "audit_log" GROUP BY 1, 2, 3;
