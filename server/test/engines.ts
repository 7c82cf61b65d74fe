/**
 * Which database engines `npm test` runs each integration file on.
 *
 * **The rule.** A file runs on both engines, the embedded one (PGlite) and PostgreSQL, unless it
 * is listed here. This is the default, and the safe one for a new file. A file goes in
 * `ONE_ENGINE` when nothing it proves depends on the engine: HTTP validation and errors, the
 * texts and their language, a vendor's contract (the gateway, Mercado Pago), the runtime's
 * answers, logs, compression. The two engines run the same PostgreSQL, so the same SQL gives the
 * same rows. What differs is everything around the SQL, so a file stays on both when it proves:
 * - concurrency: locks, races, transactions that overlap (PGlite has one connection, PostgreSQL a
 *   pool);
 * - the job queue (pg-boss) and its retries, sweeps and crash recovery;
 * - LISTEN/NOTIFY and the live events;
 * - triggers, migrations and extensions;
 * - anything with a code path of its own per engine: the embedded-only caches on `ctx.cache`
 *   (provider settings, webhook matches, sessions) and the rate-limit counters.
 * When in doubt, leave the file on both.
 *
 * `ONE_ENGINE` files run on PostgreSQL, the faster of the two for them (on two cores a batch of
 * them took 84 s there against 149 s embedded). They still run on the embedded engine when named
 * directly (`npx vitest run --project integration <file>`).
 */
export const ONE_ENGINE = [
  // the gateway client against the simulator: the vendor's contract, time-outs and retries
  'server/adapters/gateway/evolution-messages.int.test.ts',
  'server/adapters/gateway/evolution-retry.int.test.ts',
  'server/adapters/gateway/evolution-simulator.int.test.ts',
  // the Cloud API client against the fake Graph API: the vendor's contract only
  'server/adapters/whatsapp-cloud/graph-client.int.test.ts',
  // the built-in Graph simulator's signup: HTTP and the simulator's contract
  'server/modules/whatsapp/cloud/cloud-simulator.int.test.ts',
  'server/modules/whatsapp/registry/evolution-instances.int.test.ts',
  'server/modules/whatsapp/instance.int.test.ts',
  'server/modules/whatsapp/instance-faults.int.test.ts',
  'server/modules/whatsapp/instance-stats.int.test.ts',
  // HTTP: hostile input on every route, compression, the client's routes, the text guard, what the
  // log holds
  'server/plugins/route-fuzz.int.test.ts',
  'server/plugins/compression.int.test.ts',
  'server/plugins/client-routes.int.test.ts',
  'server/plugins/text-guard.int.test.ts',
  'server/modules/auth/auth-logging.int.test.ts',
  // the runtime's answers (offline model, fake provider) and the templates' texts
  'server/modules/agent-test/agent-test.offline.int.test.ts',
  'server/modules/agent-test/multimedia.int.test.ts',
  'server/modules/agent-test/offline-document-answers.int.test.ts',
  'server/modules/agents/agent-templates.int.test.ts',
  'server/modules/runtime/placeholders.int.test.ts',
  'server/modules/analytics/unanswered-provider.int.test.ts',
  'server/modules/appointments/agent-booking.offline.int.test.ts',
  'server/modules/appointments/agent-booking.tools.int.test.ts',
  // a pipeline's behaviour once its turn runs (the queue itself stays on both: pipeline.int)
  'server/modules/whatsapp/pipeline/customer-media.int.test.ts',
  'server/modules/whatsapp/pipeline/person-memory.int.test.ts',
  'server/modules/whatsapp/pipeline/typing.int.test.ts',
  'server/modules/whatsapp/pipeline/unanswered.int.test.ts',
  'server/modules/whatsapp/pipeline/voice-reply.int.test.ts',
  // routes, their validation and texts
  'server/modules/subscriptions/mercadopago.int.test.ts',
  'server/modules/settings/settings.int.test.ts',
  'server/modules/settings/preferences.int.test.ts',
  'server/modules/webchat/webchat-key.int.test.ts',
  'server/modules/webchat/webchat-owner.int.test.ts',
  'server/modules/dashboard/checklist.int.test.ts',
  'server/modules/contacts/contact-appointments.int.test.ts',
  'server/modules/knowledge/document-limits.int.test.ts',
];

/** Files that only mean something on the embedded engine. */
export const EMBEDDED_ONLY = [
  // kill -9 of a process that owns its embedded database, and the restart on the same files
  'server/modules/whatsapp/pipeline/crash.int.test.ts',
  'server/modules/whatsapp/cloud/cloud-crash.int.test.ts',
  'server/modules/reminders/reminders-crash.int.test.ts',
  // pgvector: always in PGlite, maybe not on the PostgreSQL server the suite is given
  'server/modules/knowledge/semantic-search.int.test.ts',
];

/** Files that only mean something on PostgreSQL: several processes on one database. */
export const POSTGRES_ONLY = [
  'server/modules/events/events-postgres.int.test.ts',
  'server/jobs/two-workers-postgres.int.test.ts',
];
