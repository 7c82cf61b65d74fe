-- The WhatsApp voice reply becomes a mode: off (text always), when-audio (only a turn in which the
-- customer sent a voice message) or always. drizzle-kit would cast the boolean to 'true'/'false';
-- the USING maps it instead: true was promised as "when the customer sends a voice message", so it
-- becomes 'when-audio'; false becomes 'off'. The boolean default is dropped first (it would not
-- cast to a valid mode), then the new one set.
ALTER TABLE "whatsapp_settings" ALTER COLUMN "voice_reply" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ALTER COLUMN "voice_reply" SET DATA TYPE text USING CASE WHEN "voice_reply" THEN 'when-audio' ELSE 'off' END;--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ALTER COLUMN "voice_reply" SET DEFAULT 'off';--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD CONSTRAINT "whatsapp_settings_voice_reply_check" CHECK ("whatsapp_settings"."voice_reply" IN ('off', 'when-audio', 'always'));
