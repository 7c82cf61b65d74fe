/**
 * Evolution API gateways an owner registers (their own servers): CRUD, webhook set-up,
 * monitoring, routing of their messages to a connected agent.
 */
export { evolutionInstanceRoutes } from './evolution-instances.routes';
