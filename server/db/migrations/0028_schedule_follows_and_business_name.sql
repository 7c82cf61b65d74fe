ALTER TABLE "booking_pages" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "follows_availability" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written (not generated):
-- Hours saved before this migration were the owner's own week: they stay separated (the column
-- was added with false for them); from now on a new row follows the availability (ADR 0035).
ALTER TABLE "business_hours" ALTER COLUMN "follows_availability" SET DEFAULT true;--> statement-breakpoint
-- An agent with an availability and no hours was always open: an empty, separated week keeps it so
-- (with no row it would now follow the availability and close outside it).
INSERT INTO "business_hours" ("agent_id", "owner_id", "timezone", "weekly", "holidays",
  "out_of_hours", "out_of_hours_message", "follows_availability")
SELECT av."agent_id", av."owner_id", av."timezone", '[]'::jsonb, '[]'::jsonb, 'answer', '', false
FROM "appointment_availability" av
WHERE NOT EXISTS (SELECT 1 FROM "business_hours" bh WHERE bh."agent_id" = av."agent_id");
