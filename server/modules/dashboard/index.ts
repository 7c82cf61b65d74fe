/**
 * The dashboard's figures of the signed-in owner.
 */
export { dashboardRoutes } from './dashboard.routes';
