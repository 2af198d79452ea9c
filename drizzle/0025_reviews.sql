-- Reviews (issue 33): a member's star vote can carry a short review and what they used the tool for.
ALTER TABLE "tool_votes" ADD COLUMN "review" text;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "used_for" text;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD CONSTRAINT "tool_votes_review_length" CHECK ("review" IS NULL OR char_length("review") BETWEEN 1 AND 2000);
