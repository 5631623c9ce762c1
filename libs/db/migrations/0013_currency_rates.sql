CREATE TABLE "currency_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" varchar(3) NOT NULL,
	"php_per_unit" numeric(16, 6) NOT NULL,
	"as_of" date NOT NULL,
	"source" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_check" CHECK ("currency_rates"."currency" in ('USD', 'EUR', 'GBP', 'INR', 'CNY', 'JPY', 'KRW', 'BRL')),
	CONSTRAINT "currency_rates_php_per_unit_positive" CHECK ("currency_rates"."php_per_unit" > 0)
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rates_currency_as_of_key" ON "currency_rates" USING btree ("currency","as_of");--> statement-breakpoint
CREATE INDEX "currency_rates_updated_by_idx" ON "currency_rates" USING btree ("updated_by");--> statement-breakpoint
-- Starting rates so prices can be shown in every currency from the first start; staff replace them.
INSERT INTO "currency_rates" ("currency", "php_per_unit", "as_of", "source") VALUES
	('USD', 58.90, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates'),
	('EUR', 68.20, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates'),
	('GBP', 77.50, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates'),
	('INR', 0.665, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates'),
	('CNY', 8.25, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates'),
	('JPY', 0.385, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates'),
	('KRW', 0.0405, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates'),
	('BRL', 10.90, '2026-11-20', 'Approximate starting rates shipped with Tahanan; staff replace them with the day''s reference rates')
ON CONFLICT ("currency", "as_of") DO NOTHING;
