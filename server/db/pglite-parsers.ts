import { types, type PGlite } from '@electric-sql/pglite';

type Parsers = Record<number, (value: string) => unknown>;
type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;

/**
 * The types drizzle reads as text and maps itself (drizzle-orm/pglite/session.js: timestamps,
 * intervals, dates and arrays of them, numeric[]). drizzle passes these parsers with every query,
 * and PGlite then copies its ~320 type parsers into a new object for every result to merge them
 * in: a quarter of the cost of a simple query (a primary-key select, 230 → 290 µs). So the
 * engine gets drizzle's parsers as its own (`adoptDrizzleParsers`) and drizzle's queries go
 * through `drizzleClient`, which drops the per-query copy; the results are the same.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

function parsersOf(pglite: PGlite): Parsers {
  return (pglite as unknown as { parsers: Parsers }).parsers;
}

/**
 * Makes drizzle's text parsers the engine's own (after it has built its array parsers at start)
 * and returns PGlite's usual ones for those types, for clients that want dates (pg-boss).
 */
export function adoptDrizzleParsers(pglite: PGlite): Parsers {
  const parsers = parsersOf(pglite);
  const usual: Parsers = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    if (parsers[type]) usual[type] = parsers[type];
    parsers[type] = asText;
  }
  return usual;
}

const withoutParsers = (options: QueryOptions | undefined) =>
  options?.parsers ? { ...options, parsers: undefined } : options;

type Queryable = Pick<PGlite, 'query'>;

function dropQueryParsers<T extends Queryable>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          object.query(text, params, withoutParsers(options));
      }
      if (property === 'transaction') {
        const pglite = object as unknown as PGlite;
        return <R>(callback: (tx: Queryable) => Promise<R>) =>
          pglite.transaction((tx) => callback(dropQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
    },
  });
}

/** The engine as drizzle's client: drizzle's per-query parsers are already the engine's own. */
export function drizzleClient(pglite: PGlite): PGlite {
  return dropQueryParsers(pglite);
}

/** The engine for a client that reads timestamps as dates (pg-boss): PGlite's usual parsers. */
export function dateReadingClient(pglite: PGlite, usual: Parsers): PGlite {
  return new Proxy(pglite, {
    get(object, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          object.query(text, params, { ...options, parsers: { ...usual, ...options?.parsers } });
      }
      if (property === 'exec') {
        return (text: string, options?: QueryOptions) =>
          object.exec(text, { ...options, parsers: { ...usual, ...options?.parsers } });
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
    },
  });
}
