CREATE TABLE "owner_event_horizons" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"deleted_through" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owner_event_horizons" ADD CONSTRAINT "owner_event_horizons_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_events" ADD CONSTRAINT "owner_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_events_owner_id_idx" ON "owner_events" USING btree ("owner_id","id");