CREATE TABLE "follow_up_settings" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"delays_hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"after_message_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"reason" text NOT NULL,
	"delay_hours" double precision NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"message_id" integer,
	"attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_key" ON "follow_ups" USING btree ("conversation_id","after_message_id","attempt");--> statement-breakpoint
CREATE INDEX "follow_ups_due_idx" ON "follow_ups" USING btree ("due_at") WHERE "follow_ups"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "follow_ups_sending_idx" ON "follow_ups" USING btree ("attempt_at") WHERE "follow_ups"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "follow_ups_conversation_idx" ON "follow_ups" USING btree ("conversation_id");