/**
 * Language-model providers: each owner's own credentials (Settings › API) and the one rule that
 * picks the provider of a turn — the owner's key, else the operator's, else the offline model.
 */
export { forgetProvider, resolveProvider } from './resolve-provider';
export {
  findProviderCredentials,
  saveProviderCredentials,
  type ProviderCredentialsRow,
  type ProviderCredentialsValues,
} from './provider-credentials.repo';
