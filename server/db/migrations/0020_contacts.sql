CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"phone" text,
	"stage" text DEFAULT 'novo' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_stage_check" CHECK ("contacts"."stage" IN ('novo', 'em_atendimento', 'agendado', 'cliente'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "linked_contact_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_key" ON "contacts" USING btree ("owner_id","key");--> statement-breakpoint
CREATE INDEX "contacts_owner_idx" ON "contacts" USING btree ("owner_id","id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_linked_contact_id_contacts_id_fk" FOREIGN KEY ("linked_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_linked_contact_idx" ON "conversations" USING btree ("linked_contact_id");--> statement-breakpoint
-- hand-written (not generated):
-- Who a conversation's person is for its owner (contacts.key): on WhatsApp the canonical phone,
-- so every agent's number shares the contact; an address without a phone (an @lid sender, a
-- group) by its JID; on the website the widget's visitor id. Test chats have no contact.
CREATE FUNCTION contacts_key(channel text, contact_id text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN channel = 'whatsapp' AND contact_id ~ '^[0-9]{8,15}$' THEN 'phone:' || contact_id
    WHEN channel IN ('whatsapp', 'webchat') THEN channel || ':' || contact_id
  END
$$;
--> statement-breakpoint
CREATE FUNCTION contacts_phone(channel text, contact_id text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN channel = 'whatsapp' AND contact_id ~ '^[0-9]{8,15}$' THEN contact_id END
$$;
--> statement-breakpoint
-- Every conversation inserted (whatever the path: the WhatsApp pipeline's upsert, the widget, a
-- person's reply) links to its contact, created on the first conversation. The WhatsApp pipeline
-- upserts its conversation on every message: a row that already exists is found by the unique
-- index (one probe, no write) and the contact is left alone, so only a conversation's creation
-- pays the contact's upsert.
CREATE FUNCTION contacts_link_conversation() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  contact_key text := contacts_key(NEW.channel, NEW.contact_id);
BEGIN
  IF contact_key IS NULL OR NEW.linked_contact_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM "conversations" c WHERE c."agent_id" = NEW."agent_id"
      AND c."channel" = NEW."channel" AND c."contact_id" = NEW."contact_id") THEN
    RETURN NEW;
  END IF;
  INSERT INTO "contacts" ("owner_id", "key", "name", "phone")
  SELECT a."owner_id", contact_key, nullif(btrim(NEW."contact_name"), ''),
    contacts_phone(NEW.channel, NEW.contact_id)
  FROM "agents" a WHERE a."id" = NEW."agent_id"
  ON CONFLICT ("owner_id", "key") DO UPDATE
    SET "name" = coalesce("contacts"."name", EXCLUDED."name"), "updated_at" = now()
  RETURNING "id" INTO NEW."linked_contact_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "conversations_link_contact" BEFORE INSERT ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION contacts_link_conversation();
--> statement-breakpoint
-- A new contact is 'novo'; the first answer (the agent's or a person's) in a conversation where the
-- customer wrote makes it 'em_atendimento'. A later stage the owner set stays. Only answers call
-- it (the WHEN clause), and past the first it is one probe that writes nothing.
CREATE FUNCTION contacts_stage_on_answer() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contacts" ct SET "stage" = 'em_atendimento', "updated_at" = now()
  FROM "conversations" c
  WHERE c."id" = NEW."conversation_id" AND ct."id" = c."linked_contact_id" AND ct."stage" = 'novo'
    AND EXISTS (SELECT 1 FROM "messages" m
      WHERE m."conversation_id" = NEW."conversation_id" AND m."role" = 'user');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_contact_stage" AFTER INSERT ON "messages"
  FOR EACH ROW WHEN (NEW."role" IN ('assistant', 'human'))
  EXECUTE FUNCTION contacts_stage_on_answer();
--> statement-breakpoint
-- Conversations already there: one contact per owner and key, named after its most recently active
-- named conversation, with the tags of all of them and their notes one after another, 'em_atendimento'
-- where a conversation has a customer message and an answer, first seen at the first conversation.
INSERT INTO "contacts" ("owner_id", "key", "name", "phone", "stage", "tags", "notes", "created_at")
SELECT l."owner_id", l."key",
  (array_agg(nullif(btrim(l."contact_name"), '') ORDER BY l."last_activity_at" DESC)
    FILTER (WHERE nullif(btrim(l."contact_name"), '') IS NOT NULL))[1],
  max(contacts_phone(l."channel", l."contact_id")),
  CASE WHEN bool_or(EXISTS (SELECT 1 FROM "messages" m WHERE m."conversation_id" = l."id" AND m."role" = 'user')
      AND EXISTS (SELECT 1 FROM "messages" m WHERE m."conversation_id" = l."id" AND m."role" IN ('assistant', 'human')))
    THEN 'em_atendimento' ELSE 'novo' END,
  coalesce((SELECT array_agg(DISTINCT t ORDER BY t)
    FROM "conversations" c2 JOIN "agents" a2 ON a2."id" = c2."agent_id", unnest(c2."tags") t
    WHERE a2."owner_id" = l."owner_id" AND contacts_key(c2."channel", c2."contact_id") = l."key"), '{}'),
  coalesce(string_agg(nullif(btrim(l."notes"), ''), E'\n\n' ORDER BY l."id"), ''),
  min(l."created_at")
FROM (SELECT c.*, a."owner_id", contacts_key(c."channel", c."contact_id") AS "key"
  FROM "conversations" c JOIN "agents" a ON a."id" = c."agent_id") l
WHERE l."key" IS NOT NULL
GROUP BY l."owner_id", l."key";
--> statement-breakpoint
UPDATE "conversations" c SET "linked_contact_id" = ct."id"
FROM "agents" a, "contacts" ct
WHERE a."id" = c."agent_id" AND ct."owner_id" = a."owner_id"
  AND ct."key" = contacts_key(c."channel", c."contact_id");
