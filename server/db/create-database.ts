import { DataDirLockedError } from './data-dir-lock';
import { createEmbeddedDatabase, type CreationOutcome } from './embedded-first-start';

/**
 * The child process of a first start (embedded-first-start.ts): makes the embedded database of the
 * DATA_DIR given as its argument, reports to the server over IPC and exits, taking the memory the
 * making used with it.
 */
async function main() {
  const dataDir = process.argv[2];
  let outcome: CreationOutcome;
  try {
    if (!dataDir) throw new Error('usage: create-database <DATA_DIR>');
    await createEmbeddedDatabase(dataDir);
    outcome = { ok: true };
  } catch (err) {
    outcome = {
      ok: false,
      locked: err instanceof DataDirLockedError,
      message:
        err instanceof DataDirLockedError
          ? err.message
          : String(err instanceof Error ? (err.stack ?? err.message) : err),
    };
  }
  if (!process.send) {
    // run by hand rather than by the server: the exit code and stderr say how it went
    if (!outcome.ok) console.error(outcome.message);
    process.exit(outcome.ok ? 0 : 1);
  }
  process.send(outcome, () => process.exit(0));
}

void main();
