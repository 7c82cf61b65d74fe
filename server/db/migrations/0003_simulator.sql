CREATE TABLE "simulator_instances" (
	"name" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"token" text NOT NULL,
	"integration" text NOT NULL,
	"number" text,
	"state" text DEFAULT 'close' NOT NULL,
	"wuid" text,
	"profile_name" text,
	"ever_connected" boolean DEFAULT false NOT NULL,
	"qr" jsonb,
	"webhook" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_instances_instance_id_unique" UNIQUE("instance_id")
);
--> statement-breakpoint
CREATE TABLE "simulator_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_name" text NOT NULL,
	"key_id" text NOT NULL,
	"direction" text NOT NULL,
	"remote_jid" text NOT NULL,
	"data" jsonb NOT NULL,
	"media_base64" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD CONSTRAINT "simulator_messages_instance_name_simulator_instances_name_fk" FOREIGN KEY ("instance_name") REFERENCES "public"."simulator_instances"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_messages_key" ON "simulator_messages" USING btree ("instance_name","key_id");--> statement-breakpoint
CREATE INDEX "simulator_messages_instance_idx" ON "simulator_messages" USING btree ("instance_name","id");