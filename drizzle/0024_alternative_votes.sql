-- Alternatives people believe (issue 32, decisions 169 and 170).
-- What a tag says about a tool: 'job' (what it is for: counts toward similarity), 'field' (who it
-- is made for: counts, and a tool made for a field the other tool is not made for is no
-- alternative to it), 'generic' (a platform, plan or kind of access: never counts).
ALTER TABLE "tags" ADD COLUMN "kind" text DEFAULT 'job' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_kind_check" CHECK ("kind" IN ('job', 'field', 'generic'));
--> statement-breakpoint
-- The demo catalogue's tags, where an install has them.
UPDATE "tags" SET "kind" = 'generic'
  WHERE "slug" IN ('api', 'open-source', 'self-hosted', 'browser-extension', 'mobile-app', 'desktop-app', 'team-plans', 'enterprise', 'integrations');
--> statement-breakpoint
UPDATE "tags" SET "kind" = 'field' WHERE "slug" IN ('education', 'healthcare', 'finance');
--> statement-breakpoint
-- A member's word on whether a listed tool is a good alternative to another: one per member and
-- pair, changeable; the counts order the list within the similar tools.
CREATE TABLE "alternative_votes" (
  "tool_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE CASCADE,
  "alternative_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "good" boolean NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "alternative_votes_tool_id_alternative_id_user_id_pk" PRIMARY KEY ("tool_id", "alternative_id", "user_id"),
  CONSTRAINT "alternative_votes_not_itself" CHECK ("tool_id" <> "alternative_id")
);
--> statement-breakpoint
CREATE INDEX "alternative_votes_alternative_idx" ON "alternative_votes" ("alternative_id");
--> statement-breakpoint
CREATE INDEX "alternative_votes_user_idx" ON "alternative_votes" ("user_id");
