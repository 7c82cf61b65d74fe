import { types, type PGlite } from '@electric-sql/pglite';
import { PreparedStatements } from './prepared-statements';
import type { QueryGate } from './query-gate';

type Parsers = Record<number, (value: string) => unknown>;
type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;

/**
 * The types drizzle reads as text and maps itself (drizzle-orm/pglite/session.js: timestamps,
 * intervals, dates and arrays of them, numeric[]). drizzle passes these parsers with every query,
 * and PGlite then copies its ~320 type parsers into a new object for every result to merge them
 * in: a quarter of the cost of a simple query (a primary-key select, 230 → 290 µs). So the
 * engine gets drizzle's parsers as its own (`adoptDrizzleParsers`) and drizzle's queries go
 * through `drizzleClient`, which drops the per-query copy; the results are the same. Both clients
 * also pass every statement through the app's QueryGate.
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

type Serializers = Record<number, (value: unknown) => unknown>;

/**
 * PGlite turns a parameter of a type it has no serializer for (pgvector's vector among them)
 * into text with toString(); a Buffer must go as it is instead, which PGlite's protocol layer
 * then sends in binary format, as node-postgres does (db/vector.ts). Other values of such types
 * are still sent as text.
 */
export function sendBuffersInBinary(pglite: PGlite): void {
  const target = pglite as unknown as { serializers: Serializers };
  const asIs = (value: unknown) => (Buffer.isBuffer(value) ? value : String(value));
  // bytea too: PGlite's own serializer spells every byte as a hex string through an array, and its
  // parser reads them back one parseInt at a time — 5.2 s and 2.0 s for a 10 MB document file,
  // all on the thread that serves requests (now 1.3 s and 0.5 s, the engine's own share).
  target.serializers[types.BYTEA] = (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
  parsersOf(pglite)[types.BYTEA] = (value) => Buffer.from(value.slice(2), 'hex');
  target.serializers = new Proxy(target.serializers, {
    get: (serializers, type) =>
      (Reflect.get(serializers, type) as Serializers[number] | undefined) ?? asIs,
  });
}

const withoutParsers = (options: QueryOptions | undefined) =>
  options?.parsers ? { ...options, parsers: undefined } : options;

type Queryable = Pick<PGlite, 'query'>;

/** Calls to the engine not listed here (listen, dumps, close) pass straight through. */
function passThrough(object: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(object, property, object);
  return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
}

/** One cache of prepared statements per engine: they live in its one session. */
const statementCaches = new WeakMap<PGlite, PreparedStatements>();

function statementsOf(pglite: PGlite): PreparedStatements {
  let cache = statementCaches.get(pglite);
  if (!cache) statementCaches.set(pglite, (cache = new PreparedStatements(pglite)));
  return cache;
}

/** A transaction's own statements run inside the gate task the transaction holds. */
function transactionClient(tx: Queryable, statements: PreparedStatements): Queryable {
  return new Proxy(tx, {
    get(object, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          statements.run(object.query.bind(object), text, params, withoutParsers(options), true);
      }
      return passThrough(object, property);
    },
  });
}

/**
 * The engine as drizzle's client: every statement and transaction through the gate, without
 * drizzle's per-query parsers (already the engine's own). `urgent` statements go first.
 */
export function drizzleClient(pglite: PGlite, gate: QueryGate, urgent = false): PGlite {
  const statements = statementsOf(pglite);
  const query = pglite.query.bind(pglite);
  return new Proxy(pglite, {
    get(object, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          gate.run(
            () => statements.run(query, text, params, withoutParsers(options), false),
            urgent,
          );
      }
      if (property === 'transaction') {
        return <R>(callback: (tx: Queryable) => Promise<R>) =>
          gate.run(
            () => object.transaction((tx) => callback(transactionClient(tx, statements))),
            urgent,
          );
      }
      return passThrough(object, property);
    },
  });
}

/**
 * The engine for pg-boss: through the gate like the app's own statements, with PGlite's usual
 * parsers for the types drizzle reads as text (pg-boss reads timestamps as dates).
 */
export function jobsClient(pglite: PGlite, usual: Parsers, gate: QueryGate): PGlite {
  const parsersFor = (options?: QueryOptions) => ({
    ...options,
    parsers: { ...usual, ...options?.parsers },
  });
  const statements = statementsOf(pglite);
  const query = pglite.query.bind(pglite);
  return new Proxy(pglite, {
    get(object, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          gate.run(() => statements.run(query, text, params, parsersFor(options), false));
      }
      if (property === 'exec') {
        return (text: string, options?: QueryOptions) =>
          gate.run(() => object.exec(text, parsersFor(options)));
      }
      return passThrough(object, property);
    },
  });
}
