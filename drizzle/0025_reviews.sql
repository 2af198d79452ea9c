-- Reviews (issue 33): a member's star vote can carry a short review and what they used the tool for.
ALTER TABLE "tool_votes" ADD COLUMN "review" text;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "used_for" text;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD CONSTRAINT "tool_votes_review_length" CHECK ("review" IS NULL OR char_length("review") BETWEEN 1 AND 2000);
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD CONSTRAINT "tool_votes_used_for_length" CHECK ("used_for" IS NULL OR char_length("used_for") BETWEEN 1 AND 100);
--> statement-breakpoint
-- A review an administrator hid (reported, then judged): the vote still counts, the words are not shown.
ALTER TABLE "tool_votes" ADD COLUMN "review_hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD COLUMN "review_hidden_by" uuid;
--> statement-breakpoint
ALTER TABLE "tool_votes" ADD CONSTRAINT "tool_votes_review_hidden_by_users_id_fk" FOREIGN KEY ("review_hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- "Most helpful" and "Newest" read a tool's reviews through this index; votes without words are not in it.
CREATE INDEX "tool_votes_reviews_idx" ON "tool_votes" USING btree ("tool_id","reviewed_at" DESC) WHERE "review" IS NOT NULL;
--> statement-breakpoint
-- One mark per member per review: the primary key decides, so two clicks at once still make one.
CREATE TABLE "review_helpful_marks" (
	"vote_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_marks_vote_id_user_id_pk" PRIMARY KEY("vote_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "review_helpful_marks" ADD CONSTRAINT "review_helpful_marks_vote_id_tool_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."tool_votes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "review_helpful_marks" ADD CONSTRAINT "review_helpful_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "review_helpful_marks_user_id_idx" ON "review_helpful_marks" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vote_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "review_reports_vote_id_reporter_id_key" UNIQUE("vote_id","reporter_id"),
	CONSTRAINT "review_reports_reason_check" CHECK (reason in ('spam', 'abuse', 'off-topic', 'other')),
	CONSTRAINT "review_reports_note_check" CHECK (note is null or char_length(note) <= 500)
);
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_vote_id_tool_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."tool_votes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at","id") WHERE "review_reports"."resolved_at" is null;
--> statement-breakpoint
CREATE INDEX "review_reports_reporter_id_idx" ON "review_reports" USING btree ("reporter_id");
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK (action in ('comment-hidden', 'comment-restored', 'comment-deleted', 'comment-reports-dismissed', 'listing-reports-resolved', 'submission-approved', 'submission-rejected', 'review-hidden', 'review-restored', 'review-reports-dismissed'));
