CREATE TABLE "whatsapp_cloud_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"waba_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"display_phone_number" text,
	"verified_name" text,
	"access_token" text NOT NULL,
	"pin" text,
	"coexistence" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"via" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_cloud_numbers_agent_id_unique" UNIQUE("agent_id"),
	CONSTRAINT "whatsapp_cloud_numbers_phone_number_id_unique" UNIQUE("phone_number_id"),
	CONSTRAINT "whatsapp_cloud_numbers_status_check" CHECK ("whatsapp_cloud_numbers"."status" IN ('connected', 'reconnect', 'disconnected')),
	CONSTRAINT "whatsapp_cloud_numbers_via_check" CHECK ("whatsapp_cloud_numbers"."via" IN ('signup', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"waba_id" text NOT NULL,
	"graph_id" text,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"purpose" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel_pricing" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_numbers" ADD CONSTRAINT "whatsapp_cloud_numbers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_numbers" ADD CONSTRAINT "whatsapp_cloud_numbers_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_cloud_numbers_owner_idx" ON "whatsapp_cloud_numbers" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_lang" ON "whatsapp_templates" USING btree ("owner_id","waba_id","name","language");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_graph_idx" ON "whatsapp_templates" USING btree ("graph_id");