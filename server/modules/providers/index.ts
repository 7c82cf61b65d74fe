/**
 * Language-model providers: each owner's own credentials (Settings › API) and the one rule that
 * picks the provider of a turn — the owner's key, else the operator's, else the offline model —
 * and the models the owner's pickers offer (their provider's list, else the catalogue).
 */
export { forgetProvider, resolveProvider } from './resolve-provider';
export { forgetProviderModels, modelOptions } from './provider-models';
export {
  findProviderCredentials,
  saveProviderCredentials,
  type ProviderCredentialsRow,
  type ProviderCredentialsValues,
} from './provider-credentials.repo';
