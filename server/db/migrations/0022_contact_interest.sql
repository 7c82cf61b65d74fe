ALTER TABLE "contacts" ADD COLUMN "name_by" text DEFAULT 'channel' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "interest" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_name_by_check" CHECK ("contacts"."name_by" IN ('channel', 'customer', 'owner'));
--> statement-breakpoint
-- hand-written (not generated):
-- A name no conversation of the contact carries was typed by the owner: the customer's words keep
-- off it.
UPDATE "contacts" ct SET "name_by" = 'owner'
WHERE ct."name" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "conversations" c
  WHERE c."linked_contact_id" = ct."id" AND btrim(c."contact_name") = ct."name");
--> statement-breakpoint
-- A confirmed booking makes its customer's contact 'agendado' (a 'cliente' stays), whatever booked
-- it: the agent in a conversation (that conversation's contact), the booking page or the owner
-- (the phone's contact, created when the person never wrote). The name given at the booking
-- replaces a WhatsApp profile name; the owner's stays.
CREATE FUNCTION contacts_on_booking() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  found_id integer;
  given_by text := CASE WHEN NEW."source" = 'dashboard' THEN 'owner' ELSE 'customer' END;
BEGIN
  IF NEW."conversation_id" IS NOT NULL THEN
    SELECT c."linked_contact_id" INTO found_id FROM "conversations" c
    WHERE c."id" = NEW."conversation_id";
  END IF;
  IF found_id IS NULL THEN
    INSERT INTO "contacts" ("owner_id", "key", "name", "name_by", "phone", "stage")
    VALUES (NEW."owner_id", 'phone:' || NEW."customer_phone", NEW."customer_name", given_by,
      NEW."customer_phone", 'agendado')
    ON CONFLICT ("owner_id", "key") DO NOTHING
    RETURNING "id" INTO found_id;
    IF found_id IS NOT NULL THEN
      RETURN NULL;
    END IF;
    SELECT ct."id" INTO found_id FROM "contacts" ct
    WHERE ct."owner_id" = NEW."owner_id" AND ct."key" = 'phone:' || NEW."customer_phone";
  END IF;
  UPDATE "contacts" ct SET
    "stage" = CASE WHEN ct."stage" IN ('novo', 'em_atendimento') THEN 'agendado' ELSE ct."stage" END,
    "name" = CASE WHEN ct."name_by" = 'owner' AND given_by <> 'owner' THEN ct."name"
      ELSE NEW."customer_name" END,
    "name_by" = CASE WHEN ct."name_by" = 'owner' THEN 'owner' ELSE given_by END,
    "phone" = coalesce(ct."phone", NEW."customer_phone"),
    "updated_at" = now()
  WHERE ct."id" = found_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_contact_booked" AFTER INSERT ON "appointments"
  FOR EACH ROW WHEN (NEW."status" = 'confirmed') EXECUTE FUNCTION contacts_on_booking();
