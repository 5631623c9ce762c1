ALTER TABLE "market_area_stats" ADD COLUMN "city_code" text;--> statement-breakpoint
ALTER TABLE "market_area_stats" ADD COLUMN "province_code" text;--> statement-breakpoint
ALTER TABLE "market_area_stats" ADD COLUMN "region_code" text;--> statement-breakpoint
UPDATE "market_area_stats" SET "city_code" = "figures"->>'cityCode', "province_code" = "figures"->>'provinceCode', "region_code" = "figures"->>'regionCode';--> statement-breakpoint
CREATE INDEX "market_area_stats_city_idx" ON "market_area_stats" USING btree ("level","offer","kind","city_code");--> statement-breakpoint
CREATE INDEX "market_area_stats_province_idx" ON "market_area_stats" USING btree ("level","offer","kind","province_code");--> statement-breakpoint
CREATE INDEX "market_area_stats_region_idx" ON "market_area_stats" USING btree ("level","offer","kind","region_code");