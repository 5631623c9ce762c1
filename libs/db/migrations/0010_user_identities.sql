-- A member's social provider identities (several per member, one per provider). Backfilled from the
-- accounts created through a provider, then users.provider_id goes: users.provider stays as "how the
-- account was created".
CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_provider_key" ON "user_identities" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_user_provider_key" ON "user_identities" USING btree ("user_id","provider");--> statement-breakpoint
-- Whether the provider asserted the e-mail was never recorded before: the backfill says it did not.
INSERT INTO "user_identities" ("user_id", "provider", "provider_id", "email", "email_verified", "created_at")
SELECT "id", "provider", "provider_id", "email", false, "created_at"
FROM "users"
WHERE "provider" IN ('google', 'facebook') AND "provider_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "users_provider_key";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "provider_id";
