-- Accent-insensitive Portuguese full-text search on both drivers (PGlite and PostgreSQL).
-- unaccent() is only STABLE, so generated columns and indexes need an IMMUTABLE wrapper.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
