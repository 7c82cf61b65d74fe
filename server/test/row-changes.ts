import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../db/client';

/**
 * Records every row written to the app's tables (a trigger per table appends to a log table), so
 * a test can ask what a request changed. Left out: the session store and the rate-limit counters
 * (both kinds), which a refused request may rightly touch, and the places of open event streams,
 * which a stream opened earlier keeps and gives back at any time (its heartbeat, its close).
 */
export class RowChanges {
  private constructor(private readonly db: AppDb) {}

  static async track(
    db: AppDb,
    exclude = ['sessions', 'rate_limits', 'rate_limit_counters', 'owner_event_streams'],
  ): Promise<RowChanges> {
    await db.execute(
      sql.raw('CREATE TABLE test_row_changes (tbl text NOT NULL, op text NOT NULL)'),
    );
    await db.execute(
      sql.raw(`CREATE FUNCTION test_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO test_row_changes VALUES (TG_TABLE_NAME, TG_OP);
          RETURN NULL;
        END $$`),
    );
    const tables = await queryRows<{ name: string }>(
      db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
            AND tablename <> 'test_row_changes' AND tablename NOT LIKE '\\_\\_%'`,
    );
    for (const { name } of tables) {
      if (exclude.includes(name)) continue;
      await db.execute(
        sql.raw(`CREATE TRIGGER test_record_change AFTER INSERT OR UPDATE OR DELETE ON "${name}"
                 FOR EACH ROW EXECUTE FUNCTION test_record_change()`),
      );
    }
    return new RowChanges(db);
  }

  /** The writes since the last call, as `table:OP` (and forgets them). */
  async take(): Promise<string[]> {
    const rows = await queryRows<{ tbl: string; op: string }>(
      this.db,
      sql`DELETE FROM test_row_changes RETURNING tbl, op`,
    );
    return rows.map((r) => `${r.tbl}:${r.op}`);
  }
}
