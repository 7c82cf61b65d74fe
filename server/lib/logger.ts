import pino, { type LoggerOptions } from 'pino';

/**
 * One logging configuration for the HTTP app and the process (start-up, jobs of a worker). Logs
 * carry no secrets and no user data: known secret fields are censored wherever they appear in a
 * logged object, and errors are logged through `serializeError`.
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'apiKey',
  'apikey',
  'accessToken',
  'secret',
  'authorization',
  'cookie',
];

const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers.apikey',
  'req.headers["x-webhook-secret"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

interface DatabaseErrorShape {
  code: string;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
}

/** The SQLSTATE-carrying driver error in an error's cause chain (drizzle wraps it), if any. */
function databaseErrorIn(err: unknown): DatabaseErrorShape | null {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as DatabaseErrorShape;
    }
    current = candidate.cause;
  }
  return null;
}

/** The statement's kind and first table (`insert users`): enough to find it, nothing of its data. */
export function statementName(sql: unknown): string | undefined {
  if (typeof sql !== 'string') return undefined;
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  const table = /\b(?:into|update|from)\s+"?([\w.]+)"?/i.exec(sql)?.[1];
  return table && verb ? `${verb} ${table}` : verb;
}

function queryOf(err: unknown): unknown {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const query = (current as { query?: unknown }).query;
    if (typeof query === 'string') return query;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Stack frames only: the first line repeats the message, which may hold the query's values. */
function framesOf(err: unknown): string | undefined {
  const stack = (err as { stack?: unknown }).stack;
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

/**
 * Database errors become their SQLSTATE, the statement's name and the object it concerns: their
 * message, detail and the wrapping query error hold parameter values (a password hash, an e-mail).
 * Other errors keep pino's standard form.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  const db = databaseErrorIn(err);
  if (db) {
    return {
      type: 'DatabaseError',
      code: db.code,
      statement: statementName(queryOf(err)),
      ...(typeof db.table === 'string' ? { table: db.table } : {}),
      ...(typeof db.column === 'string' ? { column: db.column } : {}),
      ...(typeof db.constraint === 'string' ? { constraint: db.constraint } : {}),
      ...(typeof db.routine === 'string' ? { routine: db.routine } : {}),
      stack: framesOf(err),
    };
  }
  if (!(err instanceof Error)) return { message: String(err) };
  return pino.stdSerializers.err(err);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
}
