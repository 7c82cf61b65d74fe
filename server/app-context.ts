import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { DatabaseCapabilities } from './db/migrate';
import type { JobRunner } from './jobs/runner';
import { SecretBox } from './lib/secrets';
import type { AgentHooks } from './modules/agents';
import type { AppointmentHooks } from './modules/appointments';
import type { ContactHooks } from './modules/contacts';
import type { ChannelRegistry, ConversationHooks } from './modules/conversations';
import type { NotificationHooks } from './modules/notifications';
import { SessionCache } from './modules/session';
import { UserCache } from './modules/users';
import { composeHooks } from './composition';

/**
 * How modules react to each other: each module that has moments others act on declares its hooks
 * (typed, taking the context), and the composition root (`server/composition.ts`) sets every one
 * of them, once, for every context. A module calls `ctx.hooks.<its own>.<moment>(ctx, …)` and
 * imports none of the modules that listen.
 */
export interface AppHooks {
  agents: AgentHooks;
  appointments: AppointmentHooks;
  /** every channel, by its conversations.channel name (the core's ConversationChannel) */
  channels: ChannelRegistry;
  contacts: ContactHooks;
  conversations: ConversationHooks;
  notifications: NotificationHooks;
}

/** Everything a request handler may need, built once at start-up (main.ts or a test harness). */
export interface AppContext {
  config: Config;
  database: Database;
  capabilities: DatabaseCapabilities;
  appSecret: string;
  secrets: SecretBox;
  /** null in ROLE=web processes that only enqueue, and in tests that do not run jobs */
  jobs: JobRunner | null;
  state: { shuttingDown: boolean };
  /** embedded database only (one process): write-through caches of sessions and users */
  cache: { sessions: SessionCache; users: UserCache } | null;
  /**
   * This process's own HTTP app, set by buildApp. What the app serves to itself is reached on its
   * listening socket: the WhatsApp reply worker finds the built-in gateway simulator there. Null
   * where no HTTP app runs (ROLE=worker, contexts without an app): the simulator is then reached
   * at PUBLIC_URL.
   */
  httpApp: FastifyInstance | null;
  /** every module hook of the app (server/composition.ts) */
  hooks: AppHooks;
}

/** Caches are safe only where one process owns the database: the embedded one. */
export function createCaches(database: Database): AppContext['cache'] {
  return database.kind === 'embedded'
    ? { sessions: new SessionCache(), users: new UserCache() }
    : null;
}

/** The one way a context is assembled (start-up, test harness, benchmarks). */
export function createAppContext(parts: {
  config: Config;
  database: Database;
  capabilities: DatabaseCapabilities;
  appSecret: string;
}): AppContext {
  return {
    ...parts,
    secrets: new SecretBox(parts.appSecret),
    jobs: null,
    state: { shuttingDown: false },
    cache: createCaches(parts.database),
    httpApp: null,
    hooks: composeHooks(),
  };
}
