CREATE TABLE "analytics_conversation_buckets" (
	"conversation_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"owner_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"channel" text NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"messages_human" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_conversation_buckets_conversation_id_bucket_pk" PRIMARY KEY("conversation_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_turns" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"channel" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"answer_id" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_usage_buckets" (
	"owner_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"agent_id" integer NOT NULL,
	"channel" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_usage_buckets_owner_id_bucket_agent_id_channel_model_pk" PRIMARY KEY("owner_id","bucket","agent_id","channel","model")
);
--> statement-breakpoint
ALTER TABLE "analytics_conversation_buckets" ADD CONSTRAINT "analytics_conversation_buckets_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_turns" ADD CONSTRAINT "analytics_turns_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_usage_buckets" ADD CONSTRAINT "analytics_usage_buckets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_conversation_buckets_owner_idx" ON "analytics_conversation_buckets" USING btree ("owner_id","bucket");--> statement-breakpoint
CREATE INDEX "analytics_turns_owner_idx" ON "analytics_turns" USING btree ("owner_id","opened_at");--> statement-breakpoint
CREATE INDEX "analytics_turns_conversation_idx" ON "analytics_turns" USING btree ("conversation_id","message_id");--> statement-breakpoint
CREATE INDEX "analytics_turns_open_idx" ON "analytics_turns" USING btree ("conversation_id") WHERE "analytics_turns"."answer_id" is null;--> statement-breakpoint
-- The overview's rollups (ADR 0024) are kept by triggers, as the conversations' newest activity is
-- (migration 0010): no insert path can forget them. A message counts as the overview counts it:
-- a customer's that was not ignored, or one sent to the customer (the agent's or a person's, done).
CREATE FUNCTION analytics_counted(role text, status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT (role = 'user' AND status <> 'ignored') OR (role IN ('assistant', 'human') AND status = 'done')
$$;
--> statement-breakpoint
-- The 15-minute UTC bucket of an instant: every time zone's offset is a whole number of quarter
-- hours, so any owner's day, weekday and hour is a union of whole buckets.
CREATE FUNCTION analytics_bucket(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('15 minutes'::interval, at, '2000-01-01 00:00:00+00'::timestamptz)
$$;
--> statement-breakpoint
-- The conversation's turns from message `from_id` on, again from its messages: a customer message
-- opens a turn when the conversation's previous counted message is not a customer's, and the next
-- message sent to the customer answers it. Run when a message changes in a way that moves turns
-- (a person's reply sent or failed, a customer message ignored, a message's time moved): from the
-- last turn opened before that message, a handful of rows.
CREATE FUNCTION analytics_rebuild_turns(conv integer, from_id integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_turns WHERE conversation_id = conv AND message_id >= from_id;
  INSERT INTO analytics_turns (message_id, conversation_id, owner_id, agent_id, channel, opened_at,
    answer_id, answered_at)
  SELECT q.id, conv, a.owner_id, c.agent_id, c.channel, q.created_at, q.next_out_id, r.created_at
  FROM (
    SELECT m.id, m.role, m.created_at,
      lag(m.role) OVER (ORDER BY m.id) AS prev_role,
      min(m.id) FILTER (WHERE m.role <> 'user') OVER (ORDER BY m.id DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS next_out_id
    FROM messages m
    WHERE m.conversation_id = conv AND m.id >= from_id AND analytics_counted(m.role, m.status)
  ) q
  JOIN conversations c ON c.id = conv AND c.channel IN ('whatsapp', 'webchat')
  JOIN agents a ON a.id = c.agent_id
  LEFT JOIN messages r ON r.id = q.next_out_id
  WHERE q.role = 'user' AND coalesce(q.prev_role, (
    SELECT p.role FROM messages p
    WHERE p.conversation_id = conv AND p.id < from_id AND analytics_counted(p.role, p.status)
    ORDER BY p.conversation_id DESC, p.id DESC LIMIT 1), 'none') <> 'user';
END $$;
--> statement-breakpoint
-- Every message stored (the hot path of the WhatsApp pipeline): one upsert of its bucket and, when
-- it counts, one write to its turn — a new turn for a customer message that follows none, the
-- answer of the open turn for a message sent. Messages come in id order (a serial), so the
-- message inserted is the conversation's newest.
CREATE FUNCTION analytics_track_message() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  conv record;
  counted boolean := analytics_counted(NEW.role, NEW.status);
  prev_role text;
BEGIN
  SELECT c.agent_id, c.channel, a.owner_id INTO conv
  FROM conversations c JOIN agents a ON a.id = c.agent_id
  WHERE c.id = NEW.conversation_id AND c.channel IN ('whatsapp', 'webchat');
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO analytics_conversation_buckets AS b (conversation_id, bucket, owner_id, agent_id,
    channel, messages_in, messages_out, messages_human)
  VALUES (NEW.conversation_id, analytics_bucket(NEW.created_at), conv.owner_id, conv.agent_id,
    conv.channel, CASE WHEN counted AND NEW.role = 'user' THEN 1 ELSE 0 END,
    CASE WHEN counted AND NEW.role <> 'user' THEN 1 ELSE 0 END,
    CASE WHEN NEW.role = 'human' THEN 1 ELSE 0 END)
  ON CONFLICT (conversation_id, bucket) DO UPDATE SET
    messages_in = b.messages_in + excluded.messages_in,
    messages_out = b.messages_out + excluded.messages_out,
    messages_human = b.messages_human + excluded.messages_human;
  IF NOT counted THEN
    RETURN NULL;
  END IF;
  IF NEW.role = 'user' THEN
    SELECT p.role INTO prev_role FROM messages p
    WHERE p.conversation_id = NEW.conversation_id AND p.id < NEW.id
      AND analytics_counted(p.role, p.status)
    ORDER BY p.conversation_id DESC, p.id DESC LIMIT 1;
    IF prev_role IS DISTINCT FROM 'user' THEN
      INSERT INTO analytics_turns (message_id, conversation_id, owner_id, agent_id, channel, opened_at)
      VALUES (NEW.id, NEW.conversation_id, conv.owner_id, conv.agent_id, conv.channel, NEW.created_at);
    END IF;
  ELSE
    UPDATE analytics_turns SET answer_id = NEW.id, answered_at = NEW.created_at
    WHERE conversation_id = NEW.conversation_id AND answer_id IS NULL AND message_id < NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_analytics" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION analytics_track_message();
--> statement-breakpoint
-- A message whose counting changes (a person's reply pending → done, a customer message ignored,
-- its time moved — a person's reply retried is sent again now), or a message deleted: its old
-- contribution out of its old bucket, its new one in, and the turns rebuilt from the last one
-- opened before it. A conversation deleted takes its rollups along (ON DELETE CASCADE): its
-- messages' deletes find no conversation and stop at once.
CREATE FUNCTION analytics_track_message_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  conv record;
  old_counted boolean := analytics_counted(OLD.role, OLD.status);
  new_counted boolean := TG_OP = 'UPDATE' AND analytics_counted(NEW.role, NEW.status);
  anchor integer;
BEGIN
  SELECT c.agent_id, c.channel, a.owner_id INTO conv
  FROM conversations c JOIN agents a ON a.id = c.agent_id
  WHERE c.id = OLD.conversation_id AND c.channel IN ('whatsapp', 'webchat');
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE analytics_conversation_buckets SET
    messages_in = messages_in - CASE WHEN old_counted AND OLD.role = 'user' THEN 1 ELSE 0 END,
    messages_out = messages_out - CASE WHEN old_counted AND OLD.role <> 'user' THEN 1 ELSE 0 END,
    messages_human = messages_human - CASE WHEN OLD.role = 'human' THEN 1 ELSE 0 END
  WHERE conversation_id = OLD.conversation_id AND bucket = analytics_bucket(OLD.created_at);
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_conversation_buckets AS b (conversation_id, bucket, owner_id, agent_id,
      channel, messages_in, messages_out, messages_human)
    VALUES (NEW.conversation_id, analytics_bucket(NEW.created_at), conv.owner_id, conv.agent_id,
      conv.channel, CASE WHEN new_counted AND NEW.role = 'user' THEN 1 ELSE 0 END,
      CASE WHEN new_counted AND NEW.role <> 'user' THEN 1 ELSE 0 END,
      CASE WHEN NEW.role = 'human' THEN 1 ELSE 0 END)
    ON CONFLICT (conversation_id, bucket) DO UPDATE SET
      messages_in = b.messages_in + excluded.messages_in,
      messages_out = b.messages_out + excluded.messages_out,
      messages_human = b.messages_human + excluded.messages_human;
  END IF;
  IF old_counted OR new_counted THEN
    SELECT max(message_id) INTO anchor FROM analytics_turns
    WHERE conversation_id = OLD.conversation_id AND message_id < OLD.id;
    PERFORM analytics_rebuild_turns(OLD.conversation_id, coalesce(anchor, 0));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_analytics_change" AFTER UPDATE OF "role", "status", "created_at" ON "messages"
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR analytics_counted(OLD.role, OLD.status) IS DISTINCT FROM analytics_counted(NEW.role, NEW.status))
  EXECUTE FUNCTION analytics_track_message_change();
--> statement-breakpoint
CREATE TRIGGER "messages_analytics_delete" AFTER DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION analytics_track_message_change();
--> statement-breakpoint
-- Every model call of a customer channel: one upsert of its bucket's tokens.
CREATE FUNCTION analytics_track_usage() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_usage_buckets AS u (owner_id, bucket, agent_id, channel, model,
    input_tokens, output_tokens)
  VALUES (NEW.owner_id, analytics_bucket(NEW.created_at), coalesce(NEW.agent_id, 0), NEW.channel,
    NEW.model, NEW.input_tokens, NEW.output_tokens)
  ON CONFLICT (owner_id, bucket, agent_id, channel, model) DO UPDATE SET
    input_tokens = u.input_tokens + excluded.input_tokens,
    output_tokens = u.output_tokens + excluded.output_tokens;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "usage_records_analytics" AFTER INSERT ON "usage_records"
  FOR EACH ROW WHEN (NEW.channel IN ('whatsapp', 'webchat'))
  EXECUTE FUNCTION analytics_track_usage();
--> statement-breakpoint
-- A model call changed or deleted (no path of the app does either; the tests and an operator
-- might): its tokens out of its bucket, and back into the new one.
CREATE FUNCTION analytics_track_usage_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_usage_buckets SET
    input_tokens = input_tokens - OLD.input_tokens,
    output_tokens = output_tokens - OLD.output_tokens
  WHERE owner_id = OLD.owner_id AND bucket = analytics_bucket(OLD.created_at)
    AND agent_id = coalesce(OLD.agent_id, 0) AND channel = OLD.channel AND model = OLD.model;
  IF TG_OP = 'UPDATE' AND NEW.channel IN ('whatsapp', 'webchat') THEN
    INSERT INTO analytics_usage_buckets AS u (owner_id, bucket, agent_id, channel, model,
      input_tokens, output_tokens)
    VALUES (NEW.owner_id, analytics_bucket(NEW.created_at), coalesce(NEW.agent_id, 0),
      NEW.channel, NEW.model, NEW.input_tokens, NEW.output_tokens)
    ON CONFLICT (owner_id, bucket, agent_id, channel, model) DO UPDATE SET
      input_tokens = u.input_tokens + excluded.input_tokens,
      output_tokens = u.output_tokens + excluded.output_tokens;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not WHEN'd on the agent: a deleted agent's calls keep their agent id here (agent_id set null
-- in usage_records is not a change of the call).
CREATE TRIGGER "usage_records_analytics_change" AFTER UPDATE OF "owner_id", "created_at", "channel",
  "model", "input_tokens", "output_tokens" OR DELETE ON "usage_records"
  FOR EACH ROW EXECUTE FUNCTION analytics_track_usage_change();
--> statement-breakpoint
-- The rollups again from the messages, model calls and turns stored: run once below for what was
-- there before this migration, and by bench/analytics.ts after a seed with the triggers off. It
-- yields the rows the triggers keep (but buckets a moved message left empty).
CREATE FUNCTION analytics_backfill() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_conversation_buckets;
  DELETE FROM analytics_turns;
  DELETE FROM analytics_usage_buckets;
  INSERT INTO analytics_conversation_buckets (conversation_id, bucket, owner_id, agent_id, channel,
    messages_in, messages_out, messages_human)
  SELECT m.conversation_id, analytics_bucket(m.created_at), a.owner_id, c.agent_id, c.channel,
    count(*) FILTER (WHERE m.role = 'user' AND analytics_counted(m.role, m.status)),
    count(*) FILTER (WHERE m.role <> 'user' AND analytics_counted(m.role, m.status)),
    count(*) FILTER (WHERE m.role = 'human')
  FROM messages m JOIN conversations c ON c.id = m.conversation_id
  JOIN agents a ON a.id = c.agent_id
  WHERE c.channel IN ('whatsapp', 'webchat')
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO analytics_turns (message_id, conversation_id, owner_id, agent_id, channel, opened_at,
    answer_id, answered_at)
  SELECT q.id, q.conversation_id, a.owner_id, c.agent_id, c.channel, q.created_at, q.next_out_id,
    r.created_at
  FROM (
    SELECT m.id, m.conversation_id, m.role, m.created_at,
      lag(m.role) OVER (PARTITION BY m.conversation_id ORDER BY m.id) AS prev_role,
      min(m.id) FILTER (WHERE m.role <> 'user') OVER (PARTITION BY m.conversation_id
        ORDER BY m.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS next_out_id
    FROM messages m
    WHERE analytics_counted(m.role, m.status)
  ) q
  JOIN conversations c ON c.id = q.conversation_id AND c.channel IN ('whatsapp', 'webchat')
  JOIN agents a ON a.id = c.agent_id
  LEFT JOIN messages r ON r.id = q.next_out_id
  WHERE q.role = 'user' AND coalesce(q.prev_role, 'none') <> 'user';
  INSERT INTO analytics_usage_buckets (owner_id, bucket, agent_id, channel, model, input_tokens,
    output_tokens)
  SELECT owner_id, analytics_bucket(created_at), coalesce(agent_id, 0), channel, model,
    sum(input_tokens), sum(output_tokens)
  FROM usage_records
  WHERE channel IN ('whatsapp', 'webchat')
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT analytics_backfill();
