import { AppError } from './errors';

/**
 * Runs the reading of a multipart body. What the multipart parser cannot read (no or an empty
 * boundary, a body cut short, a malformed part header) is thrown as a plain error with no status;
 * here it becomes the client's 400 `BAD_MULTIPART`, never a 500. Errors that carry a client status
 * (a file over its limit: 413) and our own `AppError`s pass through unchanged.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status < 500) throw err;
    throw new AppError('BAD_MULTIPART');
  }
}
