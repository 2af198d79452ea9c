-- Makers claim their listing (issue 33, decisions 176 and 177). A member's claim on a tool: its
-- token waits ('pending') until the tool's website serves it, or an administrator approves it
-- ('verified'). One claim per member and tool.
CREATE TABLE "tool_makers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tool_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "token" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "method" text,
  "note" text,
  "last_failure" text,
  "verified_at" timestamp with time zone,
  "verified_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tool_makers_tool_id_user_id_key" UNIQUE ("tool_id", "user_id"),
  CONSTRAINT "tool_makers_status_check" CHECK ("status" IN ('pending', 'verified')),
  CONSTRAINT "tool_makers_method_check" CHECK ("method" IS NULL OR "method" IN ('file', 'meta', 'admin')),
  CONSTRAINT "tool_makers_verified_check" CHECK (("status" = 'verified') = ("verified_at" IS NOT NULL)),
  CONSTRAINT "tool_makers_note_check" CHECK ("note" IS NULL OR char_length("note") <= 1000)
);
--> statement-breakpoint
CREATE INDEX "tool_makers_user_id_idx" ON "tool_makers" ("user_id");
--> statement-breakpoint
CREATE INDEX "tool_makers_pending_idx" ON "tool_makers" ("created_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- A proposal a verified maker made (null: the AI refresh's).
ALTER TABLE "refresh_proposals" ADD COLUMN "maker_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "refresh_proposals_maker_id_idx" ON "refresh_proposals" ("maker_id") WHERE "maker_id" IS NOT NULL;
--> statement-breakpoint
-- A maker may propose a new logo (the tool form's image address).
ALTER TABLE "refresh_proposal_fields" DROP CONSTRAINT "refresh_proposal_fields_field_check";
--> statement-breakpoint
ALTER TABLE "refresh_proposal_fields" ADD CONSTRAINT "refresh_proposal_fields_field_check" CHECK (field in ('description', 'tagline', 'features', 'pricing', 'pricingModel', 'pros', 'image', 'facts.free_plan', 'facts.api', 'facts.open_source', 'facts.self_hostable', 'facts.platforms', 'facts.trains_on_your_data', 'facts.data_retention', 'facts.certifications'));
