import type { PGlite, Results } from '@electric-sql/pglite';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/** Statements kept prepared at once; past it the least recently used one is deallocated. */
const MAX_PREPARED = 256;
/** A statement is prepared the second time its text is seen: a one-off costs nothing more. */
const PREPARE_AT = 2;
/** Texts counted but not prepared yet, forgotten past this many (each text costs its length). */
const MAX_COUNTED = 4096;

/** Names are unique in the process: two caches over one engine would not take each other's. */
let nextName = 1;

const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The embedded engine plans every statement anew: PGlite sends each one as an unnamed statement
 * (parse, bind, execute), so PostgreSQL's plan cache never serves it. For the pipeline's larger
 * statements planning is most of the cost — the reply job's starting query (store-turns.ts) takes
 * 1.5 ms to plan and 0.6 ms to run. This keeps the statements the app repeats prepared, in the
 * engine's one session, and runs them with `EXECUTE`: after five runs PostgreSQL keeps a generic
 * plan for a statement whose custom plans were no better, and the planning is gone (ADR 0019).
 *
 * PGlite cannot bind parameters to `EXECUTE` (a utility statement), so the values go inside it as
 * quoted literals — `'…'` with each quote doubled, the engine's standard_conforming_strings being
 * on (checked once, the cache stays off otherwise) — which PostgreSQL reads with the type the
 * prepared statement inferred, as it reads a bound parameter sent as text. Only strings without a
 * NUL, finite numbers, bigints, booleans and nulls are written so; a statement with any other
 * value (an array, a Buffer, a Date) runs as before. A statement whose preparation fails (a
 * parameter whose type nothing fixes) is never tried again. Inside a transaction a statement is
 * executed if it is prepared already but never prepared: a failed PREPARE would abort the
 * caller's transaction.
 */
export class PreparedStatements {
  private readonly prepared = new Map<string, string>();
  private readonly counted = new Map<string, number>();
  private readonly refused = new Set<string>();
  /** null until checked; false: the literals could not be trusted, so the cache is off */
  private enabled: boolean | null = null;

  constructor(
    private readonly pglite: Pick<PGlite, 'query'>,
    private readonly maxPrepared = MAX_PREPARED,
  ) {}

  /** How many statements are prepared now. */
  get size(): number {
    return this.prepared.size;
  }

  /** Runs the statement through `query` (the engine's, or a transaction's). */
  async run(
    query: Query,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results> {
    const literals = this.enabled === false ? null : literalsOf(params ?? []);
    if (literals === null || !CACHEABLE.test(text) || this.refused.has(text)) {
      return query(text, params, options);
    }
    let name = this.prepared.get(text);
    if (name === undefined) {
      if (inTransaction || !this.due(text)) return query(text, params, options);
      name = await this.prepare(text);
      if (name === undefined) return query(text, params, options);
    } else {
      // most recently used last: the first one is the one to let go
      this.prepared.delete(text);
      this.prepared.set(text, name);
    }
    const call = literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`;
    try {
      return await query(call, [], options);
    } catch (err) {
      // A table the statement reads with * changed its columns since it was prepared: it is
      // prepared again next time. In a transaction the error has aborted it: the caller's.
      if (inTransaction || !isStalePlan(err)) throw err;
      this.prepared.delete(text);
      await this.pglite.query(`DEALLOCATE ${name}`).catch(() => undefined);
      return query(text, params, options);
    }
  }

  private due(text: string): boolean {
    const seen = (this.counted.get(text) ?? 0) + 1;
    if (seen < PREPARE_AT) {
      if (this.counted.size >= MAX_COUNTED) this.counted.clear();
      this.counted.set(text, seen);
      return false;
    }
    this.counted.delete(text);
    return true;
  }

  private async prepare(text: string): Promise<string | undefined> {
    if (this.enabled === null) {
      const { rows } = await this.pglite.query<{ standard_conforming_strings: string }>(
        'SHOW standard_conforming_strings',
      );
      this.enabled = rows[0]?.standard_conforming_strings === 'on';
      if (!this.enabled) return undefined;
    }
    const name = `app_statement_${nextName++}`;
    try {
      await this.pglite.query(`PREPARE ${name} AS ${text}`);
    } catch {
      this.refused.add(text);
      return undefined;
    }
    if (this.prepared.size >= this.maxPrepared) {
      const [oldestText, oldest] = this.prepared.entries().next().value as [string, string];
      this.prepared.delete(oldestText);
      await this.pglite.query(`DEALLOCATE ${oldest}`).catch(() => undefined);
    }
    this.prepared.set(text, name);
    return name;
  }
}

function isStalePlan(err: unknown): boolean {
  return err instanceof Error && /cached plan must not change result type/.test(err.message);
}

/** The parameters as SQL literals of unknown type, or null when one cannot be written so. */
export function literalsOf(params: readonly unknown[]): string[] | null {
  const literals: string[] = [];
  for (const value of params) {
    if (value === null || value === undefined) literals.push('NULL');
    else if (typeof value === 'string') {
      if (value.includes('\0')) return null;
      literals.push(`'${value.replaceAll("'", "''")}'`);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return null;
      literals.push(`'${String(value)}'`);
    } else if (typeof value === 'bigint' || typeof value === 'boolean') {
      literals.push(`'${String(value)}'`);
    } else return null;
  }
  return literals;
}
