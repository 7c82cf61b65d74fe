/**
 * Liveness and readiness probes.
 */
export { healthRoutes } from './health.routes';
