import {
  HEX_COLOR,
  webchatSettingsSchema,
  type WebchatEmbedConfig,
  type WebchatSettings,
  type WebchatSettingsInput,
} from '@common/schemas/webchat';
import type { WebchatPosition } from '@common/webchat-defaults';

/** The customisable subset of the embed config, as the form edits it. */
export interface CustomizeValues {
  primaryColor: string;
  accentColor: string;
  title: string;
  subtitle: string;
  position: WebchatPosition;
  /** one domain per line */
  domains: string;
  /** show 'Continuar no WhatsApp' when the agent's WhatsApp is connected */
  whatsappLink: boolean;
  /** show customers the documents' public titles under an answer */
  showSources: boolean;
}

export const CUSTOMIZE_FIELDS = [
  'primaryColor',
  'accentColor',
  'title',
  'subtitle',
  'position',
  'domains',
  'whatsappLink',
  'showSources',
] as const;

export function valuesOf(settings: WebchatSettings): CustomizeValues {
  const { config } = settings;
  return {
    primaryColor: config.theme.primaryColor,
    accentColor: config.theme.accentColor,
    title: config.title,
    subtitle: config.subtitle,
    position: config.position,
    domains: settings.allowedDomains.join('\n'),
    whatsappLink: config.whatsappLink,
    showSources: config.showSources,
  };
}

export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}

/** The full settings to save: the form's fields over everything else already saved. */
export function settingsOf(saved: WebchatSettings, values: CustomizeValues): WebchatSettingsInput {
  return {
    config: {
      ...saved.config,
      theme: {
        ...saved.config.theme,
        primaryColor: values.primaryColor,
        accentColor: values.accentColor,
      },
      title: values.title,
      subtitle: values.subtitle,
      position: values.position,
      whatsappLink: values.whatsappLink,
      showSources: values.showSources,
    },
    allowedDomains: splitDomains(values.domains),
  };
}

/** Schema paths → the form field that shows the message. */
export function fieldOf(path: string): (typeof CUSTOMIZE_FIELDS)[number] | null {
  if (path === 'config.theme.primaryColor') return 'primaryColor';
  if (path === 'config.theme.accentColor') return 'accentColor';
  if (path === 'config.title') return 'title';
  if (path === 'config.subtitle') return 'subtitle';
  if (path === 'config.position') return 'position';
  if (path.startsWith('allowedDomains')) return 'domains';
  if (path === 'config.whatsappLink') return 'whatsappLink';
  if (path === 'config.showSources') return 'showSources';
  return null;
}

/** Client-side check with the server's own schema: field → first message key. */
export function validate(settings: WebchatSettingsInput): Partial<Record<string, string>> {
  const result = webchatSettingsSchema.safeParse(settings);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What the live preview shows: the saved embed config with the draft's changes. */
export function previewConfig(
  base: WebchatEmbedConfig,
  values: CustomizeValues,
  agentName: string,
): WebchatEmbedConfig {
  const color = (value: string, fallback: string) => (HEX_COLOR.test(value) ? value : fallback);
  return {
    ...base,
    // The dashboard talks to its own origin (PUBLIC_URL may name another host for visitors).
    apiUrl: window.location.origin,
    theme: {
      ...base.theme,
      primaryColor: color(values.primaryColor, base.theme.primaryColor),
      accentColor: color(values.accentColor, base.theme.accentColor),
    },
    title: values.title.trim() || agentName,
    subtitle: values.subtitle,
    position: values.position,
    showSources: values.showSources,
  };
}
