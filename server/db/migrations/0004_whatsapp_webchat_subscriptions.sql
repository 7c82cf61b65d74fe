CREATE TABLE "evolution_webhook_defaults" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"url" text,
	"secret" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webchat_configs" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allowed_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_name" text NOT NULL,
	"agent_id" integer,
	"type" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_settings" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"allow_groups" boolean DEFAULT false NOT NULL,
	"takeover_minutes" integer DEFAULT 30 NOT NULL,
	"pause_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resume_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"debounce_ms" integer DEFAULT 4000 NOT NULL,
	"voice_reply" boolean DEFAULT false NOT NULL,
	"unsupported_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "bot_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_instances" ADD COLUMN "connected_jid" text;--> statement-breakpoint
ALTER TABLE "whatsapp_instances" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_instances" ADD COLUMN "last_activity" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evolution_webhook_defaults" ADD CONSTRAINT "evolution_webhook_defaults_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_configs" ADD CONSTRAINT "webchat_configs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_events" ADD CONSTRAINT "whatsapp_events_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD CONSTRAINT "whatsapp_settings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_events_instance_idx" ON "whatsapp_events" USING btree ("instance_name","id");--> statement-breakpoint
CREATE INDEX "whatsapp_events_agent_idx" ON "whatsapp_events" USING btree ("agent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_gateway_id_key" ON "messages" USING btree ("conversation_id","gateway_message_id") WHERE "messages"."gateway_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_gateway_id_idx" ON "messages" USING btree ("gateway_message_id");