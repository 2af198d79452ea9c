-- Follows and digests (issue 34, decisions 180 and 181).
-- A member follows one tool, a category or a tag: exactly one target per row, each followed once.
CREATE TABLE "follows" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "tool_id" uuid REFERENCES "tools"("id") ON DELETE CASCADE,
  "category" text,
  "tag_id" uuid REFERENCES "tags"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "follows_one_target_check" CHECK (num_nonnulls("tool_id", "category", "tag_id") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_tool_key" ON "follows" ("user_id", "tool_id") WHERE "tool_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_category_key" ON "follows" ("user_id", "category") WHERE "category" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_tag_key" ON "follows" ("user_id", "tag_id") WHERE "tag_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "follows_tool_idx" ON "follows" ("tool_id");
--> statement-breakpoint
CREATE INDEX "follows_tag_idx" ON "follows" ("tag_id");
--> statement-breakpoint
-- How a member hears about what they follow, and up to when they were told.
CREATE TABLE "follow_mail_settings" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "frequency" text DEFAULT 'weekly' NOT NULL,
  "covered_until" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "follow_mail_settings_frequency_check" CHECK ("frequency" IN ('weekly', 'instant', 'off'))
);
--> statement-breakpoint
-- Every digest or instant email: one per member and job run, so a retried run sends none twice.
CREATE TABLE "digest_sends" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "job_run_id" uuid NOT NULL,
  "frequency" text NOT NULL,
  "covered_from" timestamp with time zone NOT NULL,
  "covered_until" timestamp with time zone NOT NULL,
  "items" integer NOT NULL,
  "state" text DEFAULT 'sending' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  CONSTRAINT "digest_sends_user_run_key" UNIQUE ("user_id", "job_run_id"),
  CONSTRAINT "digest_sends_state_check" CHECK ("state" IN ('sending', 'sent')),
  CONSTRAINT "digest_sends_frequency_check" CHECK ("frequency" IN ('weekly', 'instant'))
);
--> statement-breakpoint
CREATE INDEX "digest_sends_user_created_idx" ON "digest_sends" ("user_id", "created_at" DESC);
