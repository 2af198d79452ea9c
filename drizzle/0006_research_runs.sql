CREATE TABLE "research_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"mode" text NOT NULL,
	"subject" text NOT NULL,
	"tool_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"model" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"sources" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "research_runs_tokens_check" CHECK ("research_runs"."input_tokens" >= 0 and "research_runs"."output_tokens" >= 0)
);
--> statement-breakpoint
ALTER TABLE "research_runs" ADD CONSTRAINT "research_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_runs" ADD CONSTRAINT "research_runs_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_runs_started_at_idx" ON "research_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "research_runs_user_id_idx" ON "research_runs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "research_runs_tool_id_idx" ON "research_runs" USING btree ("tool_id");