CREATE TABLE "credit_pools" (
	"enterprise_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_pools_balance_not_negative" CHECK ("credit_pools"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "enterprise_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"monthly_credit_cap" integer,
	"token_hash" text NOT NULL,
	"invited_by_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_members" (
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"monthly_credit_cap" integer,
	"invited_by_id" uuid,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_members_enterprise_id_user_id_pk" PRIMARY KEY("enterprise_id","user_id"),
	CONSTRAINT "enterprise_members_cap_not_negative" CHECK ("enterprise_members"."monthly_credit_cap" is null or "enterprise_members"."monthly_credit_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"seat_limit" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprises_seat_limit_positive" CHECK ("enterprises"."seat_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "kyc_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"action" text NOT NULL,
	"reason_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"id_type" text NOT NULL,
	"id_number_encrypted" text NOT NULL,
	"id_number_last4" text NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"id_expires_on" date,
	"assigned_to_id" uuid,
	"assigned_at" timestamp with time zone,
	"reason_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"review_note" text,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"files_purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professional_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"valid_until" date NOT NULL,
	"supervising_broker_id" uuid,
	"broker_confirmed_at" timestamp with time zone,
	"broker_declined_at" timestamp with time zone,
	"status" text NOT NULL,
	"reason_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"review_note" text,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "pool_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD COLUMN "pool_id" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "enterprise_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence" jsonb;--> statement-breakpoint
ALTER TABLE "credit_pools" ADD CONSTRAINT "credit_pools_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invites" ADD CONSTRAINT "enterprise_invites_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invites" ADD CONSTRAINT "enterprise_invites_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invites" ADD CONSTRAINT "enterprise_invites_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_members" ADD CONSTRAINT "enterprise_members_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_members" ADD CONSTRAINT "enterprise_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_members" ADD CONSTRAINT "enterprise_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_files" ADD CONSTRAINT "kyc_files_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_reviews" ADD CONSTRAINT "kyc_reviews_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_reviews" ADD CONSTRAINT "kyc_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_licences" ADD CONSTRAINT "professional_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_licences" ADD CONSTRAINT "professional_licences_supervising_broker_id_users_id_fk" FOREIGN KEY ("supervising_broker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_licences" ADD CONSTRAINT "professional_licences_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_invites_token_key" ON "enterprise_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "enterprise_invites_enterprise_idx" ON "enterprise_invites" USING btree ("enterprise_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enterprise_invites_invited_by_idx" ON "enterprise_invites" USING btree ("invited_by_id");--> statement-breakpoint
CREATE INDEX "enterprise_invites_accepted_by_idx" ON "enterprise_invites" USING btree ("accepted_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_invites_open_key" ON "enterprise_invites" USING btree ("enterprise_id",lower("email")) WHERE "enterprise_invites"."accepted_at" is null and "enterprise_invites"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_members_user_key" ON "enterprise_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enterprise_members_invited_by_idx" ON "enterprise_members" USING btree ("invited_by_id");--> statement-breakpoint
CREATE INDEX "enterprises_owner_idx" ON "enterprises" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "enterprises_created_by_idx" ON "enterprises" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "enterprises_created_at_idx" ON "enterprises" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_files_submission_kind_key" ON "kyc_files" USING btree ("submission_id","kind");--> statement-breakpoint
CREATE INDEX "kyc_reviews_submission_idx" ON "kyc_reviews" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "kyc_reviews_reviewer_idx" ON "kyc_reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_open_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" in ('draft', 'submitted', 'in_review', 'resubmission_requested');--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue_idx" ON "kyc_submissions" USING btree ("submitted_at","id") WHERE "kyc_submissions"."status" in ('submitted', 'in_review');--> statement-breakpoint
CREATE INDEX "kyc_submissions_assigned_idx" ON "kyc_submissions" USING btree ("assigned_to_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_reviewed_by_idx" ON "kyc_submissions" USING btree ("reviewed_by_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_expiry_idx" ON "kyc_submissions" USING btree ("expires_at") WHERE "kyc_submissions"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "kyc_submissions_retention_idx" ON "kyc_submissions" USING btree ("updated_at") WHERE "kyc_submissions"."files_purged_at" is null;--> statement-breakpoint
CREATE INDEX "professional_licences_user_idx" ON "professional_licences" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "professional_licences_current_key" ON "professional_licences" USING btree ("user_id") WHERE "professional_licences"."status" in ('pending_broker', 'submitted', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "professional_licences_number_key" ON "professional_licences" USING btree ("kind","number") WHERE "professional_licences"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "professional_licences_broker_idx" ON "professional_licences" USING btree ("supervising_broker_id");--> statement-breakpoint
CREATE INDEX "professional_licences_reviewed_by_idx" ON "professional_licences" USING btree ("reviewed_by_id");--> statement-breakpoint
CREATE INDEX "professional_licences_queue_idx" ON "professional_licences" USING btree ("submitted_at") WHERE "professional_licences"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "professional_licences_expiry_idx" ON "professional_licences" USING btree ("valid_until") WHERE "professional_licences"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_pool_id_credit_pools_enterprise_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."credit_pools"("enterprise_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_pool_id_credit_pools_enterprise_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."credit_pools"("enterprise_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_pool_idx" ON "credit_ledger" USING btree ("pool_id","id" DESC NULLS FIRST) WHERE "credit_ledger"."pool_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_ledger_pool_member_idx" ON "credit_ledger" USING btree ("pool_id","user_id","created_at") WHERE "credit_ledger"."pool_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_reservations_pool_idx" ON "credit_reservations" USING btree ("pool_id") WHERE "credit_reservations"."pool_id" is not null;--> statement-breakpoint
CREATE INDEX "listings_enterprise_idx" ON "listings" USING btree ("enterprise_id") WHERE "listings"."enterprise_id" is not null;