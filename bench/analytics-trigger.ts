/**
 * The cost per message insert of the reports' rollup trigger (migration 0017, ADR 0024): messages
 * inserted one statement each into 200 WhatsApp conversations, customer and answer alternating, in
 * rounds of 400 with the trigger `messages_analytics` enabled and disabled in turn (6 rounds each,
 * the median round's milliseconds per insert), on the embedded database and on PostgreSQL when it
 * answers on 127.0.0.1:5432 (BENCH_POSTGRES_URL).
 *
 *   node --import tsx bench/analytics-trigger.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { createBenchDatabase } from './lib/postgres';

async function run(name: string, database: Database) {
  // A fresh schema with one owner, one agent and its conversations.
  await runMigrations(database);
  const db = database.db;
  await db.execute(
    sql`INSERT INTO users (username, password_hash, name, email) VALUES ('d','x','D','d@example.com')`,
  );
  await db.execute(
    sql`INSERT INTO agents (owner_id, name, system_prompt) SELECT id, 'P', 'A' FROM users`,
  );
  const convs = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO conversations (agent_id, channel, contact_id) SELECT a.id, 'whatsapp', 'c' || g FROM agents a, generate_series(1, 200) g RETURNING id`,
  );
  const N = 400;
  const res: Record<string, number[]> = { on: [], off: [] };
  let k = 0;
  for (let round = 0; round < 6; round++) {
    for (const mode of ['on', 'off'] as const) {
      await db.execute(
        sql.raw(
          `ALTER TABLE messages ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER messages_analytics`,
        ),
      );
      const t0 = performance.now();
      for (let i = 0; i < N; i++) {
        k++;
        const conv = convs[k % convs.length]!.id;
        await db.execute(
          sql`INSERT INTO messages (conversation_id, role, content, status) VALUES (${conv}, ${k % 2 ? 'user' : 'assistant'}, 'texto', 'done')`,
        );
      }
      res[mode]!.push((performance.now() - t0) / N);
    }
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  console.log(
    name,
    'ms per insert: with the rollup trigger',
    med(res.on!).toFixed(3),
    'without',
    med(res.off!).toFixed(3),
    JSON.stringify(res),
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'tc-'));
const emb = await openDatabase({ dataDir: dir });
await run('embedded', emb);
await emb.close();
rmSync(dir, { recursive: true, force: true });
const pg = await createBenchDatabase();
if (pg) {
  const d = await openDatabase({ dataDir: '', databaseUrl: pg.url });
  await run('postgres', d);
  await d.close();
  await pg.drop();
}
