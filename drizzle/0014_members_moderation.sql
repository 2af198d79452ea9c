-- Members, submissions, reports and moderation (issue 15): display names, comment edits and hiding,
-- comment and listing reports, tool submissions with their research draft, and the moderation log.
CREATE TABLE "comment_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "comment_reports_comment_id_reporter_id_key" UNIQUE("comment_id","reporter_id"),
	CONSTRAINT "comment_reports_reason_check" CHECK (reason in ('spam', 'abuse', 'off-topic', 'other')),
	CONSTRAINT "comment_reports_note_check" CHECK (note is null or char_length(note) <= 500)
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "listing_reports_reason_check" CHECK (reason in ('wrong-information', 'dead-link', 'duplicate', 'spam', 'other')),
	CONSTRAINT "listing_reports_note_check" CHECK (note is null or char_length(note) <= 500)
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"summary" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_check" CHECK (action in ('comment-hidden', 'comment-restored', 'comment-deleted', 'comment-reports-dismissed', 'listing-reports-resolved', 'submission-approved', 'submission-rejected'))
);
--> statement-breakpoint
CREATE TABLE "tool_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"website" text NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"draft_state" text DEFAULT 'off' NOT NULL,
	"draft" jsonb,
	"draft_error" text,
	"tool_id" uuid,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_submissions_status_check" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "tool_submissions_draft_state_check" CHECK (draft_state in ('off', 'queued', 'drafted', 'failed')),
	CONSTRAINT "tool_submissions_website_check" CHECK (website ~ '^https?://' and char_length(website) <= 2048),
	CONSTRAINT "tool_submissions_domain_check" CHECK ("tool_submissions"."domain" <> ''),
	CONSTRAINT "tool_submissions_name_check" CHECK (btrim(name) <> '' and char_length(name) <= 100),
	CONSTRAINT "tool_submissions_note_check" CHECK (note is null or char_length(note) <= 1000),
	CONSTRAINT "tool_submissions_decision_reason_check" CHECK (decision_reason is null or char_length(decision_reason) <= 1000)
);
--> statement-breakpoint
DROP INDEX "comments_user_id_idx";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_open_idx" ON "comment_reports" USING btree ("created_at","id") WHERE "comment_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "comment_reports_reporter_id_idx" ON "comment_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "listing_reports_open_idx" ON "listing_reports" USING btree ("tool_id","created_at") WHERE "listing_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_id_idx" ON "listing_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_created_at_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tool_submissions_pending_domain_key" ON "tool_submissions" USING btree ("domain") WHERE "tool_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tool_submissions_user_id_idx" ON "tool_submissions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_submissions_status_idx" ON "tool_submissions" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_display_name_lower_key" ON "profiles" USING btree (lower("display_name"));--> statement-breakpoint
CREATE INDEX "comments_user_id_idx" ON "comments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_display_name_check" CHECK ("profiles"."display_name" ~ '^[A-Za-z0-9._-]{3,30}$');