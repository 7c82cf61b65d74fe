ALTER TABLE "contacts" ADD COLUMN "name_by" text DEFAULT 'channel' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "interest" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_name_by_check" CHECK ("contacts"."name_by" IN ('channel', 'agent', 'owner'));--> statement-breakpoint
-- hand-written (not generated):
-- A name no conversation of the contact carries was typed by the owner: the agent keeps off it.
UPDATE "contacts" ct SET "name_by" = 'owner'
WHERE ct."name" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "conversations" c
  WHERE c."linked_contact_id" = ct."id" AND btrim(c."contact_name") = ct."name");
