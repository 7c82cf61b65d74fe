import { sql } from 'drizzle-orm';
import { queryRows, type AppDb } from './client';

/**
 * The embedded engine runs PostgreSQL in single-user mode: no autovacuum worker ever starts, so
 * without this the job queue, the WhatsApp inbox and the session table would keep every dead row
 * version they ever had, GIN pending lists would only be flushed when full, and the planner would
 * never get statistics. The same thresholds as autovacuum's defaults: VACUUM when dead rows pass
 * 50 + 20 % of the live ones, ANALYZE when rows changed since the last one pass 50 + 10 %.
 * PostgreSQL proper has its own autovacuum and does not run this.
 */
const DUE_TABLES = sql`
  SELECT format('%I.%I', schemaname, relname) AS name,
    n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum
  FROM pg_stat_user_tables
  WHERE n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
  ORDER BY name`;

export interface MaintenanceResult {
  vacuumed: string[];
  analyzed: string[];
}

/** Vacuums and analyses the tables that need it now; each table is one statement of its own. */
export async function maintainTables(db: AppDb): Promise<MaintenanceResult> {
  const due = await queryRows<{ name: string; vacuum: boolean }>(db, DUE_TABLES);
  const result: MaintenanceResult = { vacuumed: [], analyzed: [] };
  for (const table of due) {
    // The name comes quoted from format('%I.%I'); VACUUM takes no bind parameters.
    if (table.vacuum) {
      await db.execute(sql.raw(`VACUUM (ANALYZE) ${table.name}`));
      result.vacuumed.push(table.name);
    } else {
      await db.execute(sql.raw(`ANALYZE ${table.name}`));
      result.analyzed.push(table.name);
    }
  }
  return result;
}
