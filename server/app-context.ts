import type { Config } from './config';
import type { Database } from './db/client';
import type { DatabaseCapabilities } from './db/migrate';
import type { JobRunner } from './jobs/runner';
import type { SecretBox } from './lib/secrets';

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
}
