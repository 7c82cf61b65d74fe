import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalsOf, PreparedStatements } from './prepared-statements';

let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, flag boolean, born timestamptz,
      meta jsonb, n numeric);
    INSERT INTO notes (body) VALUES ('first'), ('second');
  `);
  // Starting the engine compiles its WebAssembly: seconds on a busy machine, as the other
  // embedded-database unit tests allow.
}, 60_000);

afterAll(async () => {
  await pglite.close();
});

/** Every statement the engine is sent, in order. */
function recorded() {
  const sent: string[] = [];
  const query = ((text: string, params?: unknown[], options?: object) => {
    sent.push(text);
    return pglite.query(text, params, options);
  }) as PGlite['query'];
  return { sent, query };
}

async function preparedNames(): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(
    'SELECT name FROM pg_prepared_statements ORDER BY name',
  );
  return rows.map((r) => r.name);
}

describe('literalsOf', () => {
  it('quotes strings (quotes doubled, backslashes as they are), numbers, booleans and nulls', () => {
    expect(literalsOf(["it's", 'a\\b', 42, -1.5, 10n, true, null, undefined])).toEqual([
      "'it''s'",
      "'a\\b'",
      "'42'",
      "'-1.5'",
      "'10'",
      "'true'",
      'NULL',
      'NULL',
    ]);
  });

  it('refuses what it cannot write as a literal', () => {
    expect(literalsOf(['a\0b'])).toBeNull();
    expect(literalsOf([Number.NaN])).toBeNull();
    expect(literalsOf([Number.POSITIVE_INFINITY])).toBeNull();
    expect(literalsOf([['a']])).toBeNull();
    expect(literalsOf([new Date()])).toBeNull();
    expect(literalsOf([Buffer.from('x')])).toBeNull();
    expect(literalsOf([{ a: 1 }])).toBeNull();
  });
});

describe('PreparedStatements', () => {
  it('prepares a statement the second time and returns what the plain statement returns', async () => {
    const statements = new PreparedStatements(pglite);
    const { sent, query } = recorded();
    const text = 'SELECT id, body FROM notes WHERE id = $1 OR body = $2 ORDER BY id';
    const plain = await pglite.query(text, [1, 'second'], { rowMode: 'array' });
    const first = await statements.run(query, text, [1, 'second'], { rowMode: 'array' }, false);
    const second = await statements.run(query, text, [1, 'second'], { rowMode: 'array' }, false);
    expect(first.rows).toEqual(plain.rows);
    expect(second.rows).toEqual(plain.rows);
    expect(second.fields).toEqual(plain.fields);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(text);
    const name = /^EXECUTE (app_statement_\d+)\('1', 'second'\)$/.exec(sent[1]!)?.[1];
    expect(await preparedNames()).toContain(name);
  });

  it('keeps hostile text as data: quotes, backslashes, a statement in a string, unicode', async () => {
    const statements = new PreparedStatements(pglite);
    const { query } = recorded();
    const insert = 'INSERT INTO notes (body) VALUES ($1) RETURNING id, body';
    const values = [
      "'); DROP TABLE notes; --",
      "\\'; SELECT 1; --",
      'Olá, ação ☕ 👩🏽‍🍳',
      "''",
      "$1 $$ E'\\x41'",
    ];
    for (const value of values) {
      const result = await statements.run(query, insert, [value], undefined, false);
      expect(result.rows).toEqual([{ id: expect.any(Number), body: value }]);
      expect(result.affectedRows).toBe(1);
    }
    expect(statements.size).toBe(1);
    const { rows } = await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
    expect(rows[0]!.n).toBe(2 + values.length);
  });

  it('reads each literal with the type the statement gives its parameter', async () => {
    const statements = new PreparedStatements(pglite);
    const { query } = recorded();
    const text = `SELECT $1::boolean AS flag, $2::timestamptz AS born, $3::jsonb AS meta,
      $4::numeric AS n, $5::int + 1 AS next, $6::text IS NULL AS missing`;
    const params = [false, '2026-11-26T10:00:00.000Z', '{"a":[1,"x\'y"]}', 1.25, 41, null];
    const plain = await pglite.query(text, params);
    await statements.run(query, text, params, undefined, false);
    const prepared = await statements.run(query, text, params, undefined, false);
    expect(prepared.rows).toEqual(plain.rows);
    expect(statements.size).toBe(1);
  });

  it('does not prepare inside a transaction, but executes what is prepared', async () => {
    const statements = new PreparedStatements(pglite);
    const text = 'SELECT body FROM notes WHERE id = $1';
    await pglite.transaction(async (tx) => {
      const inTx = tx.query.bind(tx) as PGlite['query'];
      for (let i = 0; i < 3; i++) await statements.run(inTx, text, [1], undefined, true);
    });
    expect(statements.size).toBe(0);
    const { query } = recorded();
    await statements.run(query, text, [1], undefined, false);
    await statements.run(query, text, [1], undefined, false);
    expect(statements.size).toBe(1);
    await pglite.transaction(async (tx) => {
      const sent: string[] = [];
      const inTx = ((t: string, p?: unknown[], o?: object) => {
        sent.push(t);
        return tx.query(t, p, o);
      }) as PGlite['query'];
      const result = await statements.run(inTx, text, [2], undefined, true);
      expect(result.rows).toEqual([{ body: 'second' }]);
      expect(sent[0]).toMatch(/^EXECUTE app_statement_\d+\('2'\)$/);
    });
  });

  it('runs as before what it cannot prepare or write, and never retries a refused one', async () => {
    const { sent, query } = recorded();
    const statements = new PreparedStatements({ query });
    // Nothing fixes $1's type: PREPARE fails once; the statement's own error is the caller's.
    const untyped = 'SELECT $1 IS NULL AS empty';
    for (let i = 0; i < 3; i++) {
      await expect(statements.run(query, untyped, [null], undefined, false)).rejects.toThrow(
        /could not determine data type/,
      );
    }
    expect(sent.filter((t) => t.startsWith('PREPARE'))).toHaveLength(1);
    const withArray = 'SELECT $1::text[] AS list';
    for (let i = 0; i < 3; i++) {
      const result = await statements.run(query, withArray, [['a', "b'c"]], undefined, false);
      expect(result.rows).toEqual([{ list: ['a', "b'c"] }]);
    }
    expect(statements.size).toBe(0);
    expect(sent.filter((t) => t.startsWith('EXECUTE'))).toEqual([]);
  });

  it('keeps at most its limit, letting the least recently used one go', async () => {
    const statements = new PreparedStatements(pglite, 2);
    const { query } = recorded();
    const texts = ['SELECT $1::int + 1 AS v', 'SELECT $1::int + 2 AS v', 'SELECT $1::int + 3 AS v'];
    for (const text of texts) {
      await statements.run(query, text, [1], undefined, false);
      await statements.run(query, text, [1], undefined, false);
    }
    expect(statements.size).toBe(2);
    const result = await statements.run(query, texts[0]!, [1], undefined, false);
    expect(result.rows).toEqual([{ v: 2 }]);
  });

  it('prepares again a statement whose table changed its columns', async () => {
    const statements = new PreparedStatements(pglite);
    const { query } = recorded();
    await pglite.exec(
      'CREATE TABLE shapes (id int PRIMARY KEY, a text); INSERT INTO shapes VALUES (1, $$x$$)',
    );
    const text = 'SELECT * FROM shapes WHERE id = $1';
    await statements.run(query, text, [1], undefined, false);
    await statements.run(query, text, [1], undefined, false);
    await pglite.exec('ALTER TABLE shapes ADD COLUMN b text DEFAULT $$y$$');
    const result = await statements.run(query, text, [1], undefined, false);
    expect(result.rows).toEqual([{ id: 1, a: 'x', b: 'y' }]);
  });
});
