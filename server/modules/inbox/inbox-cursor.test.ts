import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { decodeCursor, encodeCursor } from './inbox-cursor';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('inbox cursor', () => {
  it('round-trips the keyset to the microsecond', () => {
    const keyset = { activity: '2026-11-26T06:47:00.123456', id: 42 };
    const cursor = encodeCursor(keyset);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(keyset);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['another shape', b64('2026-11-26T06:47:00.123456|')],
    ['milliseconds only', b64('2026-11-26T06:47:00.123|5')],
    ['a day that does not exist', b64('2026-02-31T00:00:00.000000|5')],
    ['an hour that does not exist', b64('2026-02-01T25:00:00.000000|5')],
    ['year 0 (PostgreSQL has none)', b64('0000-01-01T00:00:00.000000|5')],
    ['id 0', b64('2026-11-26T06:47:00.123456|0')],
    ['id beyond int4', b64('2026-11-26T06:47:00.123456|2147483648')],
    ['a negative id', b64('2026-11-26T06:47:00.123456|-1')],
    ['SQL', b64("2026-11-26T06:47:00.123456'; DROP TABLE messages; --|1")],
    ['too long', 'A'.repeat(201)],
  ])('refuses %s as a 400 on the cursor', (_name, cursor) => {
    let error: unknown;
    try {
      decodeCursor(cursor);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).options.fieldErrors).toEqual({ cursor: ['inbox.cursorInvalid'] });
  });
});
