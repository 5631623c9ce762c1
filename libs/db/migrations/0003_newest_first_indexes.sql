DROP INDEX "listings_created_at_idx";--> statement-breakpoint
DROP INDEX "listings_owner_idx";--> statement-breakpoint
DROP INDEX "listings_city_idx";--> statement-breakpoint
CREATE INDEX "listings_created_at_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_owner_idx" ON "listings" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_city_idx" ON "listings" USING btree ("city_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);