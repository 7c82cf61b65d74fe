/**
 * The dashboard home of the signed-in owner: its figures and the go-live checklist.
 */
export { dashboardRoutes } from './dashboard.routes';
