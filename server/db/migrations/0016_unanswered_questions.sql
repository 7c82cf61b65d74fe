CREATE TABLE "unanswered_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"question" text NOT NULL,
	"stems" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unanswered_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"message_id" integer,
	"question" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unanswered_groups" ADD CONSTRAINT "unanswered_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_groups" ADD CONSTRAINT "unanswered_groups_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_groups" ADD CONSTRAINT "unanswered_groups_document_id_rag_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."rag_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_group_id_unanswered_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."unanswered_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unanswered_groups_open_idx" ON "unanswered_groups" USING btree ("owner_id","last_asked_at") WHERE "unanswered_groups"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "unanswered_groups_agent_open_idx" ON "unanswered_groups" USING btree ("agent_id") WHERE "unanswered_groups"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "unanswered_questions_group_idx" ON "unanswered_questions" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unanswered_questions_message_key" ON "unanswered_questions" USING btree ("message_id") WHERE "unanswered_questions"."message_id" is not null;