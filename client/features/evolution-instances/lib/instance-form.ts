import {
  evolutionInstanceSchema,
  type EvolutionInstanceInput,
  type EvolutionInstanceView,
} from '@common/schemas/whatsapp';

/** The gateway instance dialog as typed. */
export interface InstanceFormValues {
  name: string;
  instanceId: string;
  url: string;
  apiKey: string;
  connectedAgentId: string;
  phoneNumber: string;
  webhookUrl: string;
  webhookSecret: string;
  webhookEvents: string[];
  connectionData: string;
}

export type InstanceFormField = keyof InstanceFormValues;
/** Per field: an `errors` catalogue key (zod) or the marker for invalid JSON. */
export type InstanceFormErrors = Partial<Record<InstanceFormField, string>>;
export const JSON_INVALID = 'jsonInvalid';
export const NO_AGENT = 'none';

export function emptyFormValues(defaults?: {
  url: string | null;
  events: string[];
}): InstanceFormValues {
  return {
    name: '',
    instanceId: '',
    url: '',
    apiKey: '',
    connectedAgentId: NO_AGENT,
    phoneNumber: '',
    webhookUrl: defaults?.url ?? '',
    webhookSecret: '',
    webhookEvents: defaults?.events ?? [],
    connectionData: '',
  };
}

/** Configure: the stored values; the API key and webhook secret stay empty (write-only). */
export function formValuesOf(instance: EvolutionInstanceView): InstanceFormValues {
  return {
    name: instance.name,
    instanceId: instance.instanceId,
    url: instance.url,
    apiKey: '',
    connectedAgentId: instance.connectedAgentId ? String(instance.connectedAgentId) : NO_AGENT,
    phoneNumber: instance.phoneNumber ?? '',
    webhookUrl: instance.webhookUrl ?? '',
    webhookSecret: '',
    webhookEvents: instance.webhookEvents,
    connectionData: instance.connectionData ? JSON.stringify(instance.connectionData, null, 2) : '',
  };
}

function parseConnectionData(text: string): Record<string, unknown> | null | undefined {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // reported below as invalid JSON
  }
  return undefined;
}

/**
 * Validates with the shared schema (the server runs the same) and builds the request body.
 * Empty API key and secret are left out, so Configure keeps the stored ones.
 */
export function toInstancePayload(
  values: InstanceFormValues,
): { ok: true; payload: EvolutionInstanceInput } | { ok: false; errors: InstanceFormErrors } {
  const errors: InstanceFormErrors = {};
  const connectionData = parseConnectionData(values.connectionData);
  if (connectionData === undefined) errors.connectionData = JSON_INVALID;
  const payload: EvolutionInstanceInput = {
    name: values.name,
    instanceId: values.instanceId,
    url: values.url,
    ...(values.apiKey.trim() ? { apiKey: values.apiKey.trim() } : {}),
    ...(values.webhookSecret.trim() ? { webhookSecret: values.webhookSecret.trim() } : {}),
    webhookUrl: values.webhookUrl,
    webhookEvents: values.webhookEvents,
    connectedAgentId: values.connectedAgentId === NO_AGENT ? null : Number(values.connectedAgentId),
    phoneNumber: values.phoneNumber.trim() || null,
    connectionData: connectionData ?? null,
  };
  const parsed = evolutionInstanceSchema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !errors[field as InstanceFormField]) {
        errors[field as InstanceFormField] = issue.message;
      }
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload };
}
