import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  declarationProblems,
  parseOwnership,
  scanServer,
  scanSource,
  schemaTables,
  staleExceptions,
  writeProblems,
} from './table-writes';

/**
 * Every table is written by one module, its owner, as docs/architecture.md declares under "Who
 * writes each table"; the writers in its third column are tolerated until they go through the
 * owner's face, and must still be writers (so the list shrinks and cannot go stale).
 */
const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const tables = schemaTables();
const { owners, problems: parsing } = parseOwnership(doc);
const writes = scanServer(root, tables);

const isWriter = (name: string) =>
  name.startsWith('server/')
    ? existsSync(path.join(root, name))
    : existsSync(path.join(root, 'server/modules', name)) &&
      statSync(path.join(root, 'server/modules', name)).isDirectory();

describe('who writes each table (docs/architecture.md)', () => {
  it('declares every table of the schema once, each owner and exception a real writer', () => {
    expect(parsing).toEqual([]);
    expect(declarationProblems({ owners, tables: tables.values(), isWriter })).toEqual([]);
  });

  it('finds writes at all (the scanner reads the tree)', () => {
    expect(writes.length).toBeGreaterThan(100);
    expect(new Set(writes.map((w) => w.writer)).size).toBeGreaterThan(10);
  });

  it('has every write by the owner or a listed exception', () => {
    expect(writeProblems(writes, owners)).toEqual([]);
  });

  it('lists no exception that no longer writes its table', () => {
    expect(staleExceptions(writes, owners)).toEqual([]);
  });
});

describe('the scanner', () => {
  const header = [
    "import { sql } from 'drizzle-orm';",
    "import type { AppDb } from '../../db/client';",
    "import { conversations, messages, messages as m } from '../../db/schema';",
    "import * as schema from '../../db/schema';",
    'declare const db: AppDb;',
    '',
  ].join('\n');
  /** What a write in `body` by `writer` (a module no exception names) yields. */
  const problems = (body: string, writer = 'health') =>
    writeProblems(scanSource(`server/modules/${writer}/wrong.ts`, header + body, tables), owners);
  const found = (body: string) =>
    scanSource('server/modules/health/wrong.ts', header + body, tables).map(
      (w) => `${w.how} ${w.table} :${w.line}`,
    );

  it.each([
    ['drizzle insert', 'await db.insert(messages).values({ conversationId: 1 });'],
    ['drizzle update', 'await db.update(messages).set({ content: "x" });'],
    ['drizzle delete', 'await db.delete(messages).where(sql`true`);'],
    [
      'drizzle over lines',
      'await db\n  .select()\n  .from(conversations);\nawait db\n  .insert(messages)\n  .values({});',
    ],
    ['a renamed import', 'await db.update(m).set({});'],
    ['the namespace', 'await db.delete(schema.messages);'],
    ['a local alias', 'const table = messages;\nawait db.insert(table).values({});'],
    ['raw INSERT', 'await db.execute(sql`INSERT INTO messages (content) VALUES (${"x"})`);'],
    ['raw UPDATE', 'await db.execute(sql`\n  UPDATE messages m SET content = ${"x"}`);'],
    ['raw DELETE', 'await db.execute(sql`DELETE FROM "messages" WHERE id = ${1}`);'],
    ['raw with the table interpolated', 'await db.execute(sql`UPDATE ${messages} SET x = 1`);'],
    ['raw MERGE', 'sql`MERGE INTO public.messages t USING src s ON true`;'],
    ['raw TRUNCATE', 'sql`TRUNCATE TABLE ONLY messages`;'],
    ['sql.raw', "sql.raw('delete from messages');"],
  ])('reports a write to messages by the wrong module: %s', (_, body) => {
    expect(problems(body)).toEqual([
      expect.stringMatching(/health writes messages, which conversations owns$/),
    ]);
    expect(problems(body, 'conversations')).toEqual([]);
  });

  it('gives the line of each write', () => {
    expect(found('await db\n  .insert(messages)\n  .values({});')).toEqual(['insert messages :7']);
    expect(found('sql`SELECT 1;\n\n  DELETE FROM messages`;')).toEqual(['delete messages :8']);
  });

  it('counts each table a TRUNCATE names', () => {
    expect(found('sql`TRUNCATE conversations, "messages" CASCADE`;')).toEqual([
      'truncate conversations :6',
      'truncate messages :6',
    ]);
  });

  it('counts an upsert once, as the insert of its table', () => {
    expect(
      found('sql`INSERT INTO messages (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET id = 2`;'),
    ).toEqual(['insert messages :6']);
  });

  it('does not count reads, locks, comments, strings or maps', () => {
    expect(
      found(
        [
          '// db.insert(messages).values({})',
          '/* DELETE FROM messages */',
          "const label = 'DELETE FROM messages, UPDATE messages';",
          'const text = `INSERT INTO messages`;',
          'sql`SELECT * FROM messages FOR UPDATE SKIP LOCKED`;',
          'sql`SELECT 1 FROM conversations FOR NO KEY UPDATE OF conversations`;',
          "sql`SELECT 'UPDATE messages' -- DELETE FROM messages\n`;",
          'new Map<number, number>().delete(1);',
          'hash.update(messages.id);',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('counts a statement factory given a table as its caller’s write of it', () => {
    const body = 'export const { defer } = sendOnceStatements(messages, { skipColumn: "x" });';
    expect(found(body)).toEqual(['factory messages :6']);
    expect(problems(body)).toEqual([
      expect.stringMatching(/health writes messages, which conversations owns$/),
    ]);
    expect(problems('sendOnceStatements(somewhere, {});')).toEqual([
      expect.stringMatching(/a write whose table the scanner cannot name$/),
    ]);
    // The factory's own statements, on its parameter, are its callers' writes.
    const inFactory = scanSource(
      'server/jobs/send-once.ts',
      header + 'export const f = (t: typeof messages) => db.update(t).set({});',
      tables,
    );
    expect(inFactory.map((w) => w.table)).toEqual(['?']);
    expect(writeProblems(inFactory, owners)).toEqual([]);
  });

  it('refuses a write whose table it cannot name (a table passed in)', () => {
    expect(problems('export const add = (t: typeof messages) => db.insert(t).values({});')).toEqual(
      [expect.stringMatching(/a write whose table the scanner cannot name$/)],
    );
    expect(problems('sql`DELETE FROM ${somewhere}`;')).toEqual([
      expect.stringMatching(/a write whose table the scanner cannot name$/),
    ]);
  });

  it('refuses a write to a table with no owner, an undeclared table, a stale exception', () => {
    const some = new Map([['messages', { owner: 'conversations', also: ['reminders'], line: 1 }]]);
    const write = scanSource(
      'server/jobs/x.ts',
      header + 'sql`UPDATE conversations SET x = 1`;',
      tables,
    );
    expect(writeProblems(write, some)).toEqual([
      expect.stringMatching(/server\/jobs writes conversations, which has no owner declared$/),
    ]);
    expect(staleExceptions(write, some)).toEqual([
      'docs line 1: reminders no longer writes messages',
    ]);
    expect(declarationProblems({ owners: some, tables: ['messages', 'users'], isWriter })).toEqual([
      'users: a table of the schema with no owner',
    ]);
  });
});
