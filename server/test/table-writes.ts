import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as schema from '../db/schema';

/**
 * Finds every write to a table in the server's production code, for table-owners.test.ts: each
 * table is written by one module, its owner (docs/architecture.md, "Who writes each table").
 *
 * A write is a Drizzle `.insert(t)`, `.update(t)` or `.delete(t)` whose `t` is a table of the
 * schema (imported under any name, or as `schema.t`), or raw SQL — `INSERT INTO`, `UPDATE`,
 * `DELETE FROM`, `MERGE INTO`, `TRUNCATE` — in an `sql` tagged template or in a string handed to
 * `sql.raw`, `.query`, `.exec` or `.execute`. The files are read with the TypeScript parser, so a
 * comment or a string that is not SQL never counts. Names are resolved by the file's imports, not
 * by the type checker (fast, but a local variable shadowing a table's name would pass for it).
 *
 * What it cannot see: triggers and cascades (the database writes those rows), and SQL built from
 * pieces (a table name in a variable, a fragment made elsewhere). A Drizzle builder or an SQL
 * statement whose table is a parameter is found, with the table `?`, which the test refuses.
 */

export interface TableWrite {
  /** The SQL name (`messages`), `pgboss.job` for another schema's, `?` when it cannot be named. */
  table: string;
  /** `server/modules/<m>/…` → `<m>`; anything else → its folder under server (`server/jobs`). */
  writer: string;
  file: string;
  line: number;
  how: 'insert' | 'update' | 'delete' | 'merge' | 'truncate' | 'factory';
  /** The write as written, for a message: `insert(messages)`, or the SQL's verb and table. */
  text: string;
}

/**
 * Statement factories: functions that write the table they are given (the send-once statements
 * reminders and follow-ups share, server/jobs/send-once.ts). A call names the table, so the write
 * is the caller's; the factory's own writes, on a parameter, are nobody's. By the factory's name:
 * the file it is defined in, and the index of the argument that is the table.
 */
export const TABLE_FACTORIES: ReadonlyMap<string, { file: string; tableArgument: number }> =
  new Map([['sendOnceStatements', { file: 'server/jobs/send-once.ts', tableArgument: 0 }]]);
const factoryFiles = new Set([...TABLE_FACTORIES.values()].map((f) => f.file));

/** Export name → SQL name of every table of the schema. */
export function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) {
    if (is(value, PgTable)) tables.set(name, getTableName(value));
  }
  return tables;
}

export function writerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'server') throw new Error(`${file} is not under server/`);
  if (parts[1] === 'modules' && parts.length > 3) return parts[2]!;
  return parts.length > 2 ? `server/${parts[1]}` : file;
}

/** The server's production files, relative to `root` with `/`: no tests, fixtures or migrations. */
export function productionFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        const skipped =
          entry.name === 'node_modules' ||
          entry.name === 'testing' ||
          entry.name === 'lint-fixtures' ||
          rel === 'server/test' ||
          rel === 'server/db/migrations';
        return skipped ? [] : walk(rel);
      }
      return /\.(ts|tsx|mts|cts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [rel]
        : [];
    });
  return walk('server').sort();
}

/** Every write names its verb, Drizzle's or SQL's: the files that name none are not parsed. */
const ANY_VERB = /\b(insert|update|delete|merge|truncate)\b/i;

export function scanServer(root: string, tables = schemaTables()): TableWrite[] {
  return productionFiles(root).flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return ANY_VERB.test(text) ? scanSource(file, text, tables) : [];
  });
}

const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);
/** What only a Drizzle write builder is chained with (a Map's delete or a hash's update is not). */
const BUILDER_CHAIN = new Set([
  'values',
  'select',
  'set',
  'where',
  'returning',
  'onConflictDoNothing',
  'onConflictDoUpdate',
]);
const SQL_CALLS = new Set(['raw', 'query', 'exec', 'execute', 'unsafe']);
/** Stands for an interpolation that is not a table of the schema. */
const HOLE = '\u0001';

/** The writes in one file's text; `file` is relative to the repository root (`server/...`). */
export function scanSource(
  file: string,
  text: string,
  tables: ReadonlyMap<string, string> = schemaTables(),
): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const writer = writerOf(file);
  const writes: TableWrite[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;

  // Local name → SQL name, and the names a namespace import of the schema is bound to.
  const locals = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
      continue;
    }
    if (!isSchemaModule(file, statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const table = tables.get((element.propertyName ?? element.name).text);
        if (table) locals.set(element.name.text, table);
      }
    }
  }

  const tableOf = (node: ts.Expression): string | undefined => {
    let expr = node;
    while (
      ts.isParenthesizedExpression(expr) ||
      ts.isAsExpression(expr) ||
      ts.isSatisfiesExpression(expr) ||
      ts.isNonNullExpression(expr)
    ) {
      expr = expr.expression;
    }
    if (ts.isIdentifier(expr)) return locals.get(expr.text);
    if (
      ts.isPropertyAccessExpression(expr) &&
      ts.isIdentifier(expr.expression) &&
      namespaces.has(expr.expression.text)
    ) {
      return tables.get(expr.name.text);
    }
    return undefined;
  };

  // `const t = messages` (at any depth) names the table too.
  const aliases = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      tableOf(node.initializer)
    ) {
      locals.set(node.name.text, tableOf(node.initializer)!);
    }
    ts.forEachChild(node, aliases);
  };
  aliases(source);

  const sqlText = (node: ts.TemplateLiteral | ts.StringLiteral): string => {
    if (!ts.isTemplateExpression(node)) return node.text;
    return (
      node.head.text +
      node.templateSpans
        .map((span) => {
          const table = tableOf(span.expression);
          return (table ? `"${table}"` : HOLE) + span.literal.text;
        })
        .join('')
    );
  };

  const scanSql = (node: ts.TemplateLiteral | ts.StringLiteral) => {
    const start = node.getStart(source);
    for (const found of sqlWrites(sqlText(node))) {
      writes.push({ ...found, writer, file, line: lineOf(start) + found.lineOffset });
    }
  };

  // The walk passes each node's parent (the parser is not asked to set them: a third of its time).
  const visit = (node: ts.Node, parent: ts.Node | undefined) => {
    const factory =
      ts.isCallExpression(node) && ts.isIdentifier(node.expression)
        ? TABLE_FACTORIES.get(node.expression.text)
        : undefined;
    if (factory && ts.isCallExpression(node)) {
      const argument = node.arguments[factory.tableArgument];
      writes.push({
        table: (argument && tableOf(argument)) ?? '?',
        writer,
        file,
        line: lineOf(node.getStart(source)),
        how: 'factory',
        text: node.getText(source).split('(')[0] + `(${argument?.getText(source) ?? ''})`,
      });
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      scanSql(node.template);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (DRIZZLE_WRITES.has(method) && node.arguments.length === 1 && first) {
        const table = tableOf(first);
        const chained =
          parent !== undefined &&
          ts.isPropertyAccessExpression(parent) &&
          BUILDER_CHAIN.has(parent.name.text);
        if (table || chained) {
          writes.push({
            table: table ?? '?',
            writer,
            file,
            line: lineOf(node.expression.name.getStart(source)),
            how: method as TableWrite['how'],
            text: `${method}(${first.getText(source)})`,
          });
        }
      }
      if (SQL_CALLS.has(method)) {
        for (const arg of node.arguments) {
          if (ts.isStringLiteral(arg) || ts.isTemplateLiteral(arg)) scanSql(arg);
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, node));
  };
  visit(source, undefined);
  return writes;
}

/** `sql`, `drizzle.sql`, `sql<T>` (the type arguments are not part of the tag). */
function isSqlTag(tag: ts.Expression): boolean {
  if (ts.isIdentifier(tag)) return tag.text === 'sql';
  return ts.isPropertyAccessExpression(tag) && tag.name.text === 'sql';
}

/** Whether `specifier`, imported by `file`, is the schema's index or one of its files. */
function isSchemaModule(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return false;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const bare = target.replace(/\/index$/, '').replace(/\.(ts|js)$/, '');
  return bare === 'server/db/schema' || bare.startsWith('server/db/schema/');
}

const NAME = String.raw`(?:"[^"]+"|[A-Za-z_][\w$]*)(?:\s*\.\s*(?:"[^"]+"|[A-Za-z_][\w$]*))?`;
const WRITE = new RegExp(
  String.raw`\b(INSERT\s+INTO|MERGE\s+INTO|DELETE\s+FROM|UPDATE|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(${NAME}|${HOLE})((?:\s*,\s*(?:${NAME}|${HOLE}))*)`,
  'gi',
);
/** `FOR UPDATE`, `FOR NO KEY UPDATE`, `DO UPDATE` (the INSERT's), `ON UPDATE`, a trigger's event. */
const NOT_A_WRITE_BEFORE = /\b(for|key|do|on|or|before|after|of|instead)\s*$/i;
const NOT_A_NAME = new Set(['set', 'on', 'of', 'or', 'skip', 'nowait']);

/** The writes of one SQL text, with the line of each counted from the text's first. */
export function sqlWrites(
  text: string,
): { table: string; how: TableWrite['how']; text: string; lineOffset: number }[] {
  // Comments and quoted strings are blanked (their line breaks kept): neither writes anything.
  const bare = text.replace(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
  const found: { table: string; how: TableWrite['how']; text: string; lineOffset: number }[] = [];
  for (const match of bare.matchAll(WRITE)) {
    const verb = match[1]!.toUpperCase();
    const how: TableWrite['how'] = verb.startsWith('INSERT')
      ? 'insert'
      : verb.startsWith('MERGE')
        ? 'merge'
        : verb.startsWith('DELETE')
          ? 'delete'
          : verb.startsWith('UPDATE')
            ? 'update'
            : 'truncate';
    if (how === 'update' && NOT_A_WRITE_BEFORE.test(bare.slice(0, match.index))) continue;
    const names = [match[2]!];
    if (how === 'truncate' && match[3]) names.push(...match[3].split(',').slice(1));
    for (const raw of names) {
      const name = sqlName(raw.trim());
      if (NOT_A_NAME.has(name)) continue;
      found.push({
        table: name,
        how,
        text: match[0].replace(/\s+/g, ' ').replaceAll(HOLE, '${…}'),
        lineOffset: bare.slice(0, match.index).split('\n').length - 1,
      });
    }
  }
  return found;
}

/** `"Messages"` → `Messages`, `messages` / `MESSAGES` / `public.messages` → `messages`. */
function sqlName(raw: string): string {
  if (raw === HOLE) return '?';
  const parts = raw
    .split(/\s*\.\s*/)
    .map((part) => (part.startsWith('"') ? part.slice(1, -1) : part.toLowerCase()));
  if (parts.length === 2 && parts[0] === 'public') return parts[1]!;
  return parts.join('.');
}

// --- The declared owners -------------------------------------------------------------------------

export interface Ownership {
  owner: string;
  /** Writers tolerated for now, each of which must still write the table. */
  also: string[];
  /** The line of docs/architecture.md, for a message. */
  line: number;
}

export const OWNERS_HEADING = 'Who writes each table';

/**
 * The table under the heading "Who writes each table": `| table | owner | also written by
 * (temporarily) |`, each name in backticks (words beside them are a comment), the third column
 * empty or a comma-separated list.
 */
export function parseOwnership(markdown: string): {
  owners: Map<string, Ownership>;
  problems: string[];
} {
  const owners = new Map<string, Ownership>();
  const problems: string[] = [];
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{2,4}\s+/.test(line) && line.includes(OWNERS_HEADING));
  if (start < 0) return { owners, problems: [`no heading "${OWNERS_HEADING}"`] };
  let rows = 0;
  for (let i = start + 1; i < lines.length && !/^#{1,4}\s/.test(lines[i]!); i++) {
    const line = lines[i]!.trim();
    if (!line.startsWith('|')) continue;
    const cells = line
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());
    rows++;
    if (rows === 1 || cells.every((cell) => /^:?-+:?$/.test(cell))) continue; // header, rule
    const [table, owner] = cells.slice(0, 2).map((cell) => names(cell)[0]);
    if (!table || !owner || cells.length > 3 || names(cells[1]!).length > 1) {
      problems.push(`docs line ${i + 1}: a row is | table | owner | also written by |: ${line}`);
      continue;
    }
    if (owners.has(table)) problems.push(`docs line ${i + 1}: ${table} is declared twice`);
    owners.set(table, { owner, also: names(cells[2] ?? ''), line: i + 1 });
  }
  if (owners.size === 0) problems.push(`no rows under "${OWNERS_HEADING}"`);
  return { owners, problems };
}

/** The names in a cell: its code spans (`a`, `b`) when it has any, else its comma-separated words. */
function names(cell: string): string[] {
  const spans = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim());
  if (spans.length > 0) return spans;
  return cell
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '' && word !== '—' && word !== '-');
}

/**
 * What is wrong with the declarations alone: a table of the schema with no row, a declared name
 * that is no table, an owner or exception that is no writer, an owner listed as its own exception.
 */
export function declarationProblems(input: {
  owners: ReadonlyMap<string, Ownership>;
  tables: Iterable<string>;
  isWriter: (name: string) => boolean;
}): string[] {
  const tables = new Set(input.tables);
  const problems: string[] = [];
  for (const table of [...tables].sort()) {
    if (!input.owners.has(table)) problems.push(`${table}: a table of the schema with no owner`);
  }
  for (const [table, { owner, also, line }] of input.owners) {
    // Another schema's tables (pg-boss's `pgboss.job`) are declared with their schema's name.
    if (!tables.has(table) && !table.includes('.')) {
      problems.push(`docs line ${line}: ${table} is no table of the schema`);
    }
    for (const name of [owner, ...also]) {
      if (!input.isWriter(name)) {
        problems.push(`docs line ${line}: ${name} (for ${table}) is no module nor server folder`);
      }
    }
    if (also.includes(owner)) {
      problems.push(`docs line ${line}: ${owner} owns ${table} and is listed as an exception too`);
    }
  }
  return problems;
}

/**
 * Each write by neither the table's owner nor one of its listed exceptions, to a table with no
 * owner declared, or to a table the scanner could not name.
 */
export function writeProblems(
  writes: readonly TableWrite[],
  owners: ReadonlyMap<string, Ownership>,
): string[] {
  return writes.flatMap((w) => {
    const at = `${w.file}:${w.line} ${w.text}`;
    // A factory's writes on its parameter are its callers' (TABLE_FACTORIES).
    if (w.table === '?' && factoryFiles.has(w.file) && w.how !== 'factory') return [];
    if (w.table === '?') return [`${at}: a write whose table the scanner cannot name`];
    const declared = owners.get(w.table);
    if (!declared) return [`${at}: ${w.writer} writes ${w.table}, which has no owner declared`];
    if (w.writer === declared.owner || declared.also.includes(w.writer)) return [];
    return [`${at}: ${w.writer} writes ${w.table}, which ${declared.owner} owns`];
  });
}

/** Each listed exception that no longer writes its table: the list only shrinks. */
export function staleExceptions(
  writes: readonly TableWrite[],
  owners: ReadonlyMap<string, Ownership>,
): string[] {
  return [...owners].flatMap(([table, { also, line }]) =>
    also
      .filter((writer) => !writes.some((w) => w.table === table && w.writer === writer))
      .map((writer) => `docs line ${line}: ${writer} no longer writes ${table}`),
  );
}

/** Table → writer → files (with lines), for a report. */
export function writersByTable(writes: readonly TableWrite[]): Map<string, Map<string, string[]>> {
  const picture = new Map<string, Map<string, string[]>>();
  for (const w of [...writes].sort((a, b) => a.table.localeCompare(b.table))) {
    const writers = picture.get(w.table) ?? new Map<string, string[]>();
    picture.set(w.table, writers);
    const files = writers.get(w.writer) ?? [];
    writers.set(w.writer, files);
    files.push(`${w.file}:${w.line}`);
  }
  return picture;
}
