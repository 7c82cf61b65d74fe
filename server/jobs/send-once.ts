import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppDb } from '../db/client';

/**
 * The once-only send's statements on a table of rows sent at a time of their own (ADR 0029,
 * 0031: the appointment reminders, the follow-ups), whose jobs are timedRows' (timed-rows.ts).
 * Each is a conditional update: the row's status (scheduled → sending → sent, or skipped), its
 * message and its last attempt make the send happen once, whichever job or process runs it.
 */
export interface SendOnceColumns {
  id: AnyPgColumn<{ data: number; notNull: true }>;
  /** 'scheduled' | 'sending' | 'sent' | 'skipped' | 'cancelled' */
  status: AnyPgColumn<{ data: string; notNull: true }>;
  dueAt: AnyPgColumn<{ data: Date; notNull: true }>;
  /** the message stored before the send: its gateway id tells whether it went out */
  messageId: AnyPgColumn<{ data: number }>;
  /** the last send attempt (the echo wait counts from it) */
  attemptAt: AnyPgColumn<{ data: Date }>;
  sentAt: AnyPgColumn<{ data: Date }>;
}

/** What the statements read of a row. */
export interface SendOnceRow {
  id: number;
  status: string;
  dueAt: Date;
  messageId: number | null;
  attemptAt: Date | null;
}

export type SendOnceTable = PgTable & SendOnceColumns & { $inferSelect: SendOnceRow };

/** The table's columns (by their field names) that hold a text, or null. */
type TextKey<T extends SendOnceTable> = {
  [K in keyof T['$inferSelect']]: T['$inferSelect'][K] extends string | null ? K : never;
}[keyof T['$inferSelect']] &
  string;

export interface SendOnceOptions<T extends SendOnceTable, M extends keyof T['$inferSelect']> {
  /** the column that says why a row was skipped */
  skipColumn: TextKey<T>;
  /** the columns recorded with the stored message besides `messageId` (its conversation, say) */
  messageColumns: readonly M[];
}

export function sendOnceStatements<
  T extends SendOnceTable,
  M extends keyof T['$inferSelect'] & string = never,
>(table: T, options: SendOnceOptions<T, M>) {
  type Row = T['$inferSelect'];
  /** a set of values the generic table cannot check: each is one of its columns, by name */
  const values = (v: Record<string, unknown>) => v as PgUpdateSetSource<T>;

  /** A scheduled row whose due time moves (the business was closed at its time). */
  async function defer(db: AppDb, row: Row, dueAt: Date) {
    const rows = await db
      .update(table)
      .set(values({ dueAt }))
      .where(and(eq(table.id, row.id), eq(table.status, 'scheduled')))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  /** Ends a row that will not be sent, from the state it was read in. */
  async function skip(db: AppDb, row: Row, reason: string) {
    await db
      .update(table)
      .set(values({ status: 'skipped', [options.skipColumn]: reason }))
      .where(and(eq(table.id, row.id), eq(table.status, row.status)));
  }

  /** The claim: scheduled → sending, once; resolves to the row claimed, or null. */
  async function claimSending(db: AppDb, row: Row): Promise<Row | null> {
    const rows = (await db
      .update(table)
      .set(values({ status: 'sending', attemptAt: new Date() }))
      .where(and(eq(table.id, row.id), eq(table.status, 'scheduled')))
      .returning()) as Row[];
    return rows[0] ?? null;
  }

  /**
   * Records the stored message (its id and the `messageColumns`), unless another attempt
   * recorded one first.
   */
  async function setMessage(
    db: AppDb,
    id: number,
    message: { messageId: number } & { [K in M]: NonNullable<Row[K]> },
  ) {
    const recorded: Record<string, unknown> = { messageId: message.messageId };
    for (const column of options.messageColumns) recorded[column] = message[column];
    const rows = await db
      .update(table)
      .set(values({ ...recorded, attemptAt: new Date() }))
      .where(and(eq(table.id, id), isNull(table.messageId)))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  /** A resend's claim: only the attempt that read `attemptAt` may send again. */
  async function claimResend(db: AppDb, row: Row) {
    const rows = await db
      .update(table)
      .set(values({ attemptAt: new Date() }))
      .where(
        and(
          eq(table.id, row.id),
          eq(table.status, 'sending'),
          row.attemptAt ? eq(table.attemptAt, row.attemptAt) : undefined,
        ),
      )
      .returning({ id: table.id });
    return rows.length > 0;
  }

  async function markSent(db: AppDb, id: number) {
    await db
      .update(table)
      .set(values({ status: 'sent', sentAt: new Date() }))
      .where(and(eq(table.id, id), eq(table.status, 'sending')));
  }

  /**
   * The sweep (timedRows' `overdue`): scheduled rows due by `before` and sends whose last
   * attempt is older than `stale` (their job may be gone), oldest first.
   */
  function overdue(db: AppDb, before: Date, stale: Date, limit: number) {
    // a table, not a subquery: what drizzle cannot tell of a generic one
    const from: PgTable = table;
    return db
      .select({ id: table.id, dueAt: table.dueAt })
      .from(from)
      .where(
        or(
          and(eq(table.status, 'scheduled'), lte(table.dueAt, before)),
          and(eq(table.status, 'sending'), lt(table.attemptAt, stale)),
        ),
      )
      .orderBy(asc(table.dueAt))
      .limit(limit);
  }

  return { defer, skip, claimSending, setMessage, claimResend, markSent, overdue };
}
