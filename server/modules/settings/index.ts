/**
 * Settings of the signed-in owner: profile, password, preferences (the time zone of their days),
 * their own language-model provider.
 */
export { ownerTimeZone } from './preferences.service';
export { settingsRoutes } from './settings.routes';
