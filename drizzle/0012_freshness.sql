CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_job_id" text,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"state" text DEFAULT 'running' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_queue_job_id_unique" UNIQUE("queue_job_id"),
	CONSTRAINT "job_runs_state_check" CHECK ("job_runs"."state" in ('running', 'succeeded', 'failed')),
	CONSTRAINT "job_runs_trigger_check" CHECK ("job_runs"."trigger" in ('schedule', 'manual', 'cli'))
);
--> statement-breakpoint
CREATE TABLE "refresh_proposal_fields" (
	"proposal_id" uuid NOT NULL,
	"field" text NOT NULL,
	"current_value" jsonb,
	"proposed_value" jsonb,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision" text,
	"accepted_value" jsonb,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "refresh_proposal_fields_proposal_id_field_pk" PRIMARY KEY("proposal_id","field"),
	CONSTRAINT "refresh_proposal_fields_field_check" CHECK (field in ('description', 'tagline', 'features', 'pricing', 'pricingModel', 'pros')),
	CONSTRAINT "refresh_proposal_fields_decision_check" CHECK ("refresh_proposal_fields"."decision" is null or "refresh_proposal_fields"."decision" in ('accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "refresh_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"job_run_id" uuid,
	"research_run_id" uuid,
	"status" text NOT NULL,
	"error" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "refresh_proposals_status_check" CHECK ("refresh_proposals"."status" in ('pending', 'reviewed', 'no_change', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "tool_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_changes_origin_check" CHECK ("tool_changes"."origin" in ('admin', 'proposal'))
);
--> statement-breakpoint
CREATE TABLE "tool_link_checks" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"final_url" text,
	"detail" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"job_run_id" uuid,
	CONSTRAINT "tool_link_checks_outcome_check" CHECK (outcome in ('ok', 'moved', 'client_error', 'server_error', 'dns_failure', 'tls_failure', 'timeout', 'connection_failed', 'parked', 'blocked')),
	CONSTRAINT "tool_link_checks_failures_check" CHECK ("tool_link_checks"."consecutive_failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "discontinued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_proposal_fields" ADD CONSTRAINT "refresh_proposal_fields_proposal_id_refresh_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."refresh_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_proposal_fields" ADD CONSTRAINT "refresh_proposal_fields_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_proposals" ADD CONSTRAINT "refresh_proposals_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_proposals" ADD CONSTRAINT "refresh_proposals_job_run_id_job_runs_id_fk" FOREIGN KEY ("job_run_id") REFERENCES "public"."job_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_proposals" ADD CONSTRAINT "refresh_proposals_research_run_id_research_runs_id_fk" FOREIGN KEY ("research_run_id") REFERENCES "public"."research_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_link_checks" ADD CONSTRAINT "tool_link_checks_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_started_at_idx" ON "job_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_runs_kind_started_at_idx" ON "job_runs" USING btree ("kind","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refresh_proposals_status_created_at_idx" ON "refresh_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refresh_proposals_tool_id_created_at_idx" ON "refresh_proposals" USING btree ("tool_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_proposals_job_run_tool_idx" ON "refresh_proposals" USING btree ("job_run_id","tool_id");--> statement-breakpoint
CREATE INDEX "tool_changes_created_at_idx" ON "tool_changes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_changes_tool_id_created_at_idx" ON "tool_changes" USING btree ("tool_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_link_checks_checked_at_idx" ON "tool_link_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "tool_link_checks_failing_idx" ON "tool_link_checks" USING btree ("consecutive_failures" DESC NULLS LAST,"failing_since");