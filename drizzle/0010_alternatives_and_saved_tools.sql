CREATE TABLE "saved_tools" (
	"user_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_tools_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "tool_alternative_overrides" (
	"tool_id" uuid NOT NULL,
	"alternative_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_alternative_overrides_tool_id_alternative_id_pk" PRIMARY KEY("tool_id","alternative_id"),
	CONSTRAINT "tool_alternative_overrides_kind_check" CHECK ("tool_alternative_overrides"."kind" in ('pin', 'exclude')),
	CONSTRAINT "tool_alternative_overrides_not_itself" CHECK ("tool_alternative_overrides"."tool_id" <> "tool_alternative_overrides"."alternative_id")
);
--> statement-breakpoint
ALTER TABLE "saved_tools" ADD CONSTRAINT "saved_tools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_tools" ADD CONSTRAINT "saved_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_alternative_overrides" ADD CONSTRAINT "tool_alternative_overrides_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_alternative_overrides" ADD CONSTRAINT "tool_alternative_overrides_alternative_id_tools_id_fk" FOREIGN KEY ("alternative_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_tools_tool_id_idx" ON "saved_tools" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "tool_alternative_overrides_alternative_idx" ON "tool_alternative_overrides" USING btree ("alternative_id");