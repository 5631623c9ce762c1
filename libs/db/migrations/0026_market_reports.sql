CREATE TABLE "market_area_monthly" (
	"area_code" text NOT NULL,
	"offer" text NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"new_count" integer NOT NULL,
	"active_count" integer NOT NULL,
	"ended_count" integer NOT NULL,
	"median_price" numeric(14, 2),
	"median_price_per_sqm" numeric(14, 2),
	"price_sample" integer NOT NULL,
	"sqm_sample" integer NOT NULL,
	CONSTRAINT "market_area_monthly_area_code_offer_kind_month_pk" PRIMARY KEY("area_code","offer","kind","month")
);
--> statement-breakpoint
CREATE TABLE "market_area_stats" (
	"area_code" text NOT NULL,
	"level" text NOT NULL,
	"offer" text NOT NULL,
	"kind" text NOT NULL,
	"active_count" integer NOT NULL,
	"median_price" numeric(14, 2),
	"median_price_per_sqm" numeric(14, 2),
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_area_stats_area_code_offer_kind_pk" PRIMARY KEY("area_code","offer","kind")
);
--> statement-breakpoint
CREATE TABLE "market_cost_assumptions" (
	"kind" text PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_developments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"expected_completion" date,
	"barangay_code" text NOT NULL,
	"city_code" text NOT NULL,
	"region_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source_note" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_dirty_areas" (
	"barangay_code" text PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_listings" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"region_code" text NOT NULL,
	"province_code" text,
	"city_code" text NOT NULL,
	"barangay_code" text NOT NULL,
	"type" text NOT NULL,
	"kind" text,
	"offer" text NOT NULL,
	"price_php" numeric(14, 2),
	"first_price_php" numeric(14, 2),
	"floor_size" numeric(12, 2),
	"lot_size" numeric(12, 2),
	"status" text NOT NULL,
	"is_public" boolean NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"price_cuts" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"old_price_php" numeric(14, 2) NOT NULL,
	"new_price_php" numeric(14, 2) NOT NULL,
	"event_id" uuid
);
--> statement-breakpoint
CREATE TABLE "stat_datasets" (
	"dataset" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"period_from" text,
	"period_to" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_values" (
	"dataset" text NOT NULL,
	"area_code" text NOT NULL,
	"area_level" text NOT NULL,
	"area_name" text NOT NULL,
	"indicator" text NOT NULL,
	"breakdown" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"value" double precision,
	"unit" text NOT NULL,
	CONSTRAINT "stat_values_dataset_area_code_indicator_breakdown_period_variant_pk" PRIMARY KEY("dataset","area_code","indicator","breakdown","period","variant")
);
--> statement-breakpoint
CREATE TABLE "zonal_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_key" text NOT NULL,
	"rdo" text DEFAULT '' NOT NULL,
	"department_order" text DEFAULT '' NOT NULL,
	"effective_date" date,
	"city_code" text,
	"barangay_code" text,
	"barangay_name" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"vicinity" text DEFAULT '' NOT NULL,
	"classification" text DEFAULT '' NOT NULL,
	"value_per_sqm" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_cost_assumptions" ADD CONSTRAINT "market_cost_assumptions_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_developments" ADD CONSTRAINT "market_developments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_area_stats_level_idx" ON "market_area_stats" USING btree ("level","offer","kind");--> statement-breakpoint
CREATE INDEX "market_cost_assumptions_updated_by_idx" ON "market_cost_assumptions" USING btree ("updated_by_id");--> statement-breakpoint
CREATE INDEX "market_developments_barangay_idx" ON "market_developments" USING btree ("barangay_code");--> statement-breakpoint
CREATE INDEX "market_developments_city_idx" ON "market_developments" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "market_developments_created_by_idx" ON "market_developments" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "market_listings_barangay_idx" ON "market_listings" USING btree ("barangay_code");--> statement-breakpoint
CREATE INDEX "market_listings_city_idx" ON "market_listings" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "market_listings_province_idx" ON "market_listings" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "market_listings_region_idx" ON "market_listings" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "market_price_changes_listing_idx" ON "market_price_changes" USING btree ("listing_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_price_changes_event_key" ON "market_price_changes" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "stat_values_area_idx" ON "stat_values" USING btree ("area_code","dataset");--> statement-breakpoint
CREATE INDEX "zonal_values_barangay_idx" ON "zonal_values" USING btree ("barangay_code");--> statement-breakpoint
CREATE INDEX "zonal_values_source_idx" ON "zonal_values" USING btree ("source_key");