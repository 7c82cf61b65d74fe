/**
 * Request limits (@fastify/rate-limit with a database store) and the counters that can be given
 * back (rate-limiter-flexible), in memory on the embedded database and in PostgreSQL otherwise.
 */
export {
  type Counter,
  type CounterFactory,
  COUNTERS_TABLE,
  countOne,
  isOverLimit,
  openCounterStore,
} from './counter-store';
export { createLimiter, type Limiter } from './rate-limit';
export { createDbRateLimitStore, purgeExpiredRateLimits } from './rate-limit.store';
