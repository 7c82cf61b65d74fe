/**
 * Child process of bench/durability.ts: opens the embedded database the way the server does
 * (openDatabase + runMigrations), then commits transactions of 100 single-row INSERTs and writes
 * the running committed total to stdout after each COMMIT returns (stdout to a pipe is synchronous
 * on Linux, so a printed total is in the pipe before the next transaction starts).
 * Stops by itself after MAX_SECONDS if nobody kills it.
 *
 *   node --import tsx bench/lib/batch-writer.ts <DATA_DIR> <run>
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';

const BATCH_ROWS = 100;
const MAX_SECONDS = 30;

const [dataDir, runArg] = process.argv.slice(2);
if (!dataDir || !runArg) throw new Error('usage: batch-writer.ts <DATA_DIR> <run>');
const run = Number(runArg);

const database = await openDatabase({ dataDir });
await runMigrations(database);
await database.db.execute(sql`
  CREATE TABLE IF NOT EXISTS bench_durability (
    id bigserial PRIMARY KEY,
    run integer NOT NULL,
    batch integer NOT NULL,
    seq integer NOT NULL,
    payload text NOT NULL
  )`);
console.log('open');

const payload = 'x'.repeat(200);
const deadline = Date.now() + MAX_SECONDS * 1000;
let committed = 0;
for (let batch = 0; Date.now() < deadline; batch++) {
  await database.db.transaction(async (tx) => {
    for (let seq = 0; seq < BATCH_ROWS; seq++) {
      await tx.execute(
        sql`INSERT INTO bench_durability (run, batch, seq, payload) VALUES (${run}, ${batch}, ${seq}, ${payload})`,
      );
    }
  });
  committed += BATCH_ROWS;
  console.log(committed);
}
await database.close();
console.log('done');
