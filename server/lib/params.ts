import { z } from 'zod';
import { AppError, type ErrorCode } from './errors';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** A numeric path id; anything else cannot name a row, so it is the resource's 404. */
export function parseId(value: unknown, notFound: ErrorCode = 'NOT_FOUND'): number {
  const result = idSchema.safeParse(value);
  if (!result.success) throw new AppError(notFound);
  return result.data;
}
