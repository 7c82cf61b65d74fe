import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type AppDb } from './client';
import { maintainTables } from './maintenance';
import { testTempDir } from '../test/temp-dir';

interface TableStats {
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_mod_since_analyze: number;
}

const stats = (db: AppDb) =>
  queryRows<TableStats>(
    db,
    sql`SELECT relname, n_live_tup::int, n_dead_tup::int, n_mod_since_analyze::int
        FROM pg_stat_user_tables WHERE relname IN ('churn', 'grows') ORDER BY relname`,
  );

/** The engine publishes its table counters at most once a second, when it is idle. */
async function statsSettled(db: AppDb): Promise<TableStats[]> {
  for (let i = 0; i < 50; i++) {
    const rows = await stats(db);
    if (rows.find((r) => r.relname === 'churn')?.n_dead_tup) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('table statistics never arrived');
}

describe('embedded database maintenance', () => {
  it('vacuums tables full of dead rows, analyses changed ones, and leaves the rest alone', async () => {
    const dataDir = testTempDir('aab-maintenance-');
    const database = await openDatabase({ dataDir });
    const db = database.db;
    try {
      await db.execute(sql`CREATE TABLE churn (id int PRIMARY KEY, v text)`);
      await db.execute(sql`CREATE TABLE grows (id int PRIMARY KEY)`);
      await db.execute(sql`CREATE TABLE quiet (id int PRIMARY KEY)`);
      await db.execute(sql`INSERT INTO churn SELECT g, 'x' FROM generate_series(1, 2000) g`);
      await db.execute(sql`DELETE FROM churn WHERE id > 500`);
      await db.execute(sql`INSERT INTO grows SELECT g FROM generate_series(1, 300) g`);
      expect(await statsSettled(db)).toEqual([
        { relname: 'churn', n_live_tup: 500, n_dead_tup: 1500, n_mod_since_analyze: 3500 },
        { relname: 'grows', n_live_tup: 300, n_dead_tup: 0, n_mod_since_analyze: 300 },
      ]);

      const done = await maintainTables(db);
      expect(done.vacuumed).toEqual(['public.churn']);
      expect(done.analyzed).toEqual(['public.grows']);
      expect(await stats(db)).toEqual([
        { relname: 'churn', n_live_tup: 500, n_dead_tup: 0, n_mod_since_analyze: 0 },
        { relname: 'grows', n_live_tup: 300, n_dead_tup: 0, n_mod_since_analyze: 0 },
      ]);
      // The planner now knows the tables' sizes.
      const sizes = await queryRows<{ relname: string; reltuples: number }>(
        db,
        sql`SELECT relname, reltuples::int FROM pg_class
            WHERE relname IN ('churn', 'grows') ORDER BY relname`,
      );
      expect(sizes).toEqual([
        { relname: 'churn', reltuples: 500 },
        { relname: 'grows', reltuples: 300 },
      ]);
      expect(await maintainTables(db)).toEqual({ vacuumed: [], analyzed: [] });
    } finally {
      await database.close();
    }
  }, 60_000);
});
