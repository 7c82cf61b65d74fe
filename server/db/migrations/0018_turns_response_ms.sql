-- The first-response time stored beside each turn (ADR 0025): the overview's percentiles sort this
-- column instead of computing the difference for every turn of the period.
ALTER TABLE "analytics_turns" ADD COLUMN "response_ms" double precision GENERATED ALWAYS AS (extract(epoch FROM (answered_at - opened_at)) * 1000) STORED;