import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

export interface LimiterOptions {
  /** requests allowed per window */
  max: number;
  windowMs: number;
  /** the counter's key for this request, e.g. `login:ip:1.2.3.4`; null skips this limiter */
  key: (request: FastifyRequest) => string | null;
}

export type Limiter = (request: FastifyRequest) => Promise<void>;

/**
 * A named limit checked inside a handler, so several limits (per IP and per username) can apply
 * to one route. Counting is done by @fastify/rate-limit against the database store.
 */
export function createLimiter(app: FastifyInstance, options: LimiterOptions): Limiter {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => options.key(request) ?? 'unused',
  });
  return async (request) => {
    if (options.key(request) === null) return;
    const result = await check(request);
    if (result.isAllowed) return;
    if (!result.isExceeded) return;
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, result.ttlInSeconds) });
  };
}
