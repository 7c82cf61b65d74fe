-- Every agent gets a public key that names it in the website widget's snippet and public API, in
-- place of its sequential id. The default is volatile (gen_random_uuid), so adding the column
-- evaluates it once per existing row: each agent already there gets its own random key, 182
-- random bits, in the same statement. The unique index is also what the public API looks keys up by.
ALTER TABLE "agents" ADD COLUMN "public_key" text DEFAULT translate(encode(substr(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 1, 24), 'base64'), '+/', '-_') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_public_key_key" ON "agents" USING btree ("public_key");
