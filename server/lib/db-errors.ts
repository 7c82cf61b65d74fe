/** The driver error behind a drizzle error (drizzle wraps driver errors in `cause`). */
function driverError(err: unknown): { code?: string; constraint?: string; message?: string } {
  let current: unknown = err;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return current;
    }
    current = candidate.cause;
  }
  return {};
}

/** The violated constraint's name when `err` is a unique violation (SQLSTATE 23505), else null. */
export function uniqueViolation(err: unknown): string | null {
  const e = driverError(err);
  if (e.code !== '23505') return null;
  return e.constraint ?? e.message ?? '';
}

/** The violated constraint's name when `err` is an exclusion violation (SQLSTATE 23P01), else null. */
export function exclusionViolation(err: unknown): string | null {
  const e = driverError(err);
  if (e.code !== '23P01') return null;
  return e.constraint ?? e.message ?? '';
}
