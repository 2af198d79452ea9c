CREATE TABLE "research_queue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website" text NOT NULL,
	"site_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"given_name" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"failure" text,
	"failure_detail" text,
	"duplicate_of" jsonb,
	"draft" jsonb,
	"tool_id" uuid,
	"requested_by" uuid,
	"researched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_queue_entries_state_check" CHECK (state in ('waiting', 'drafted', 'failed', 'duplicate', 'accepted', 'rejected')),
	CONSTRAINT "research_queue_entries_failure_check" CHECK (failure is null or failure in ('unreachable', 'refused', 'not-a-tool', 'model-error')),
	CONSTRAINT "research_queue_entries_website_check" CHECK ("research_queue_entries"."website" ~ '^https?://')
);
--> statement-breakpoint
ALTER TABLE "research_queue_entries" ADD CONSTRAINT "research_queue_entries_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_queue_entries" ADD CONSTRAINT "research_queue_entries_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_queue_entries_state_idx" ON "research_queue_entries" USING btree ("state","created_at","position");--> statement-breakpoint
CREATE INDEX "research_queue_entries_created_at_idx" ON "research_queue_entries" USING btree ("created_at" DESC NULLS LAST,"position");