/**
 * Settings of the signed-in owner: profile, password, their own language-model provider.
 */
export { settingsRoutes } from './settings.routes';
