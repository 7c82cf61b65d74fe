import { AppError } from '../../lib/errors';

/**
 * The inbox list's keyset: the last item's activity, to the microsecond as the database keeps it
 * (UTC, `YYYY-MM-DDTHH:MM:SS.ffffff`), and its id. Opaque to clients: base64url of both.
 */
export interface InboxKeyset {
  activity: string;
  id: number;
}

const KEYSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})\|([1-9]\d{0,9})$/;
const MAX_ID = 2_147_483_647;

export function encodeCursor(keyset: InboxKeyset): string {
  return Buffer.from(`${keyset.activity}|${keyset.id}`, 'utf8').toString('base64url');
}

/**
 * The keyset a cursor holds. Anything else — not base64url, another shape, a date that does not
 * exist (the database would refuse it), an id out of range — is the list's 400.
 */
export function decodeCursor(cursor: string): InboxKeyset {
  const invalid = () =>
    new AppError('VALIDATION', { fieldErrors: { cursor: ['inbox.cursorInvalid'] } });
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw invalid();
  const match = KEYSET.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  const [, activity, idText] = match as unknown as [string, string, string];
  const id = Number(idText);
  // A real calendar moment: 2026-02-31 parses to March in JavaScript, so compare the round trip;
  // and none before 1970 (PostgreSQL has no year 0, which JavaScript has).
  const millis = Date.parse(`${activity.slice(0, 23)}Z`);
  if (
    Number.isNaN(millis) ||
    millis < 0 ||
    new Date(millis).toISOString().slice(0, 23) !== activity.slice(0, 23) ||
    id > MAX_ID
  ) {
    throw invalid();
  }
  return { activity, id };
}
