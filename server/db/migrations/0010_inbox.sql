ALTER TABLE "conversations" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "citations" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('portuguese'::regconfig, immutable_unaccent(content))) STORED;--> statement-breakpoint
CREATE INDEX "conversations_inbox_idx" ON "conversations" USING btree ("agent_id","last_activity_at","id") WHERE "conversations"."channel" <> 'test';--> statement-breakpoint
CREATE INDEX "messages_conversation_tsv_idx" ON "messages" USING gin ("conversation_id","tsv");--> statement-breakpoint
CREATE INDEX "messages_failed_idx" ON "messages" USING btree ("conversation_id") WHERE "messages"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_delivery_check" CHECK ("messages"."delivery" IN ('sent', 'delivered', 'read'));--> statement-breakpoint
-- Transcripts kept only in the legacy conversations.messages list (the original API's JSON; no
-- message row) become message rows, one per item, in the list's order. The list's shape was never
-- fixed, so each item is read as leniently as it can be: the text from content / text / message /
-- body (a string, or a list of parts with their text), the author from role / author / from /
-- sender, the time from timestamp / createdAt / created_at / time / date (ISO text, or epoch
-- seconds or milliseconds). An item that is not an object, or holds no text under those names,
-- keeps its JSON as its text: nothing is dropped. The list itself stays as it was.
CREATE FUNCTION inbox_legacy_time(value jsonb) RETURNS timestamptz
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  result timestamptz;
  raw text := value #>> '{}';
BEGIN
  IF jsonb_typeof(value) = 'number' OR (jsonb_typeof(value) = 'string' AND raw ~ '^\d{9,14}(\.\d+)?$') THEN
    result := to_timestamp(CASE WHEN raw::numeric >= 100000000000 THEN raw::numeric / 1000 ELSE raw::numeric END::double precision);
  ELSIF jsonb_typeof(value) = 'string' AND raw ~ '^\d{4}-\d{2}-\d{2}' THEN
    result := raw::timestamptz;
  END IF;
  -- 'infinity', a year 9999 or a moment before this product existed would pin the conversation
  -- to one end of the inbox: the conversation's own creation stands in for them.
  IF result IS NULL OR NOT isfinite(result) OR result < '2000-01-01' OR result > now() + interval '1 day' THEN
    RETURN NULL;
  END IF;
  RETURN result;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION inbox_legacy_text(item jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(item) = 'string' THEN item #>> '{}'
    WHEN jsonb_typeof(item) <> 'object' THEN item::text
    ELSE (SELECT CASE jsonb_typeof(v)
        WHEN 'string' THEN v #>> '{}'
        WHEN 'array' THEN (SELECT string_agg(CASE
              WHEN jsonb_typeof(p) = 'string' THEN p #>> '{}'
              WHEN jsonb_typeof(p->'text') = 'string' THEN p->>'text'
              ELSE p::text END, E'\n' ORDER BY n)
            FROM jsonb_array_elements(v) WITH ORDINALITY AS parts(p, n))
        WHEN 'null' THEN item::text
        ELSE coalesce(v::text, item::text) END
      FROM (SELECT coalesce(item->'content', item->'text', item->'message', item->'body') AS v) found)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION inbox_legacy_role(item jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(item) <> 'object' THEN 'user'
    WHEN lower(coalesce(item->>'role', item->>'author', item->>'from', item->>'sender', ''))
      IN ('assistant', 'agent', 'bot', 'ai', 'model') THEN 'assistant'
    WHEN lower(coalesce(item->>'role', item->>'author', item->>'from', item->>'sender', ''))
      IN ('human', 'owner', 'person', 'operator') THEN 'human'
    ELSE 'user' END
$$;
--> statement-breakpoint
INSERT INTO "messages" ("conversation_id", "role", "content", "kind", "status", "created_at")
SELECT c."id", inbox_legacy_role(e.item), coalesce(inbox_legacy_text(e.item), ''), 'text', 'done',
  coalesce(CASE WHEN jsonb_typeof(e.item) = 'object' THEN inbox_legacy_time(coalesce(
      e.item->'timestamp', e.item->'createdAt', e.item->'created_at', e.item->'time', e.item->'date'))
    END, c."created_at")
FROM "conversations" c
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c."messages") = 'array'
  THEN c."messages" ELSE '[]'::jsonb END) WITH ORDINALITY AS e(item, n)
WHERE NOT EXISTS (SELECT 1 FROM "messages" m WHERE m."conversation_id" = c."id")
ORDER BY c."id", e.n;
--> statement-breakpoint
DROP FUNCTION inbox_legacy_role(jsonb);
--> statement-breakpoint
DROP FUNCTION inbox_legacy_text(jsonb);
--> statement-breakpoint
DROP FUNCTION inbox_legacy_time(jsonb);
--> statement-breakpoint
-- Every message insert, whichever path makes it (the WhatsApp pipeline's store, the widget's and
-- the test console's chat, the owner's reply, this migration's move above excepted), keeps its
-- conversation's newest message and activity, and counts a customer's message as unread. A
-- trigger, so no insert path can forget it. AFTER: a statement that inserts a message and updates
-- its conversation (a data-modifying WITH) sees its own update finished first.
CREATE FUNCTION conversations_track_message() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations SET
    last_message_id = greatest(last_message_id, NEW.id),
    last_activity_at = greatest(last_activity_at, NEW.created_at),
    unread_count = unread_count + CASE WHEN NEW.role = 'user' THEN 1 ELSE 0 END
  WHERE id = NEW.conversation_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_track_conversation" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION conversations_track_message();
--> statement-breakpoint
-- Conversations already there: their newest message and activity; what came before the inbox
-- counts as read.
UPDATE "conversations" c SET
  "last_message_id" = (SELECT max(m."id") FROM "messages" m WHERE m."conversation_id" = c."id"),
  "last_activity_at" = coalesce(
    (SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id"),
    c."created_at"),
  "last_read_at" = now();
