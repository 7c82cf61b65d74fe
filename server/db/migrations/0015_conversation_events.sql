CREATE TABLE "conversation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"by" text NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_events_conversation_idx" ON "conversation_events" USING btree ("conversation_id","created_at");--> statement-breakpoint
-- The state already there becomes its first events: a handoff at its time, a pause still running
-- (its start is not kept: the conversation's last change stands in for it).
INSERT INTO "conversation_events" ("conversation_id", "kind", "by", "created_at")
SELECT "id", 'handoff', 'owner', "handed_over_at" FROM "conversations" WHERE "handed_over_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "conversation_events" ("conversation_id", "kind", "by", "until", "created_at")
SELECT "id", 'pause', 'owner', "bot_paused_until", "updated_at" FROM "conversations"
WHERE "bot_paused_until" > now();
