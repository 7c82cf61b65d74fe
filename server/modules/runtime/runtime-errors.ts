import { APICallError, RetryError } from 'ai';
import { AppError } from '../../lib/errors';

/** Provider failures become clean, translated errors; nothing of the provider's body leaks. */
export function providerError(err: unknown, model: string): AppError {
  let cause = err;
  if (RetryError.isInstance(cause)) cause = cause.lastError;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode ?? 0;
    const body = `${cause.responseBody ?? ''} ${cause.message}`.toLowerCase();
    if (status === 404 || (status === 400 && body.includes('model'))) {
      return new AppError('MODEL_UNAVAILABLE', { params: { model } });
    }
    if (status === 401 || status === 403) return new AppError('PROVIDER_AUTH');
    if (status === 429) return new AppError('PROVIDER_BUSY');
  }
  if (cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError')) {
    return new AppError('PROVIDER_TIMEOUT');
  }
  return new AppError('PROVIDER_FAILED');
}
