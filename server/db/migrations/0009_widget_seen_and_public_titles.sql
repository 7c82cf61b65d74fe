ALTER TABLE "rag_documents" ADD COLUMN "public_title" text;--> statement-breakpoint
ALTER TABLE "webchat_configs" ADD COLUMN "seen_origin" text;--> statement-breakpoint
ALTER TABLE "webchat_configs" ADD COLUMN "seen_at" timestamp with time zone;