import {
  AGENT_KEY_PATTERN,
  WEBCHAT_DEFAULTS,
  WEBCHAT_POSITIONS,
  WEBCHAT_TEXTS,
  type WebchatPosition,
  type WebchatTextKey,
} from '../../common/webchat-defaults';

/**
 * The embed config as the widget uses it. The snippet's JSON is untrusted text on someone's
 * page, so every field is checked here with a fallback to the default — colours and sizes end
 * up in CSS, so only well-formed values get through.
 */
export interface WidgetConfig {
  /** the agent's public key */
  agentKey: string;
  apiUrl: string;
  primaryColor: string;
  accentColor: string;
  borderRadius: number;
  position: WebchatPosition;
  title: string;
  subtitle: string;
  placeholder: string;
  greeting: string;
  width: number;
  height: number;
  containerId: string;
  texts: Record<WebchatTextKey, string>;
  /** digits only ('' when the owner's switch is off or no number is connected) */
  whatsappNumber: string;
}

type Loose = Record<string, unknown>;

const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});
const str = (v: unknown, fallback: string, max = 500) =>
  typeof v === 'string' ? v.trim().slice(0, max) : fallback;
const color = (v: unknown, fallback: string) =>
  typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v) ? v : fallback;
const num = (v: unknown, fallback: number, min: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v)
    ? Math.min(max, Math.max(min, Math.round(v)))
    : fallback;

function httpBase(value: unknown, keepPath: boolean): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return keepPath ? url.origin + url.pathname.replace(/\/+$/, '') : url.origin;
  } catch {
    return null;
  }
}

export function parseConfig(
  raw: unknown,
  agentKey: unknown,
  scriptUrl: string,
): WidgetConfig | null {
  if (typeof agentKey !== 'string' || !AGENT_KEY_PATTERN.test(agentKey)) return null;
  const c = obj(raw);
  const theme = obj(c.theme);
  const textsIn = obj(c.texts);
  const texts = { ...WEBCHAT_TEXTS };
  for (const key of Object.keys(texts) as WebchatTextKey[]) {
    const value = str(textsIn[key], '', 200);
    if (value) texts[key] = value;
  }
  const d = WEBCHAT_DEFAULTS;
  const subtitle = str(c.subtitle, d.subtitle, 100);
  return {
    agentKey,
    apiUrl: httpBase(c.apiUrl, true) ?? httpBase(scriptUrl, false) ?? '',
    primaryColor: color(theme.primaryColor, d.primaryColor),
    accentColor: color(theme.accentColor, d.accentColor),
    borderRadius: num(theme.borderRadius, d.borderRadius, 0, 32),
    position: WEBCHAT_POSITIONS.includes(c.position as WebchatPosition)
      ? (c.position as WebchatPosition)
      : d.position,
    title: str(c.title, '', 60) || 'Atendimento',
    subtitle,
    placeholder: str(c.placeholder, d.placeholder, 100) || d.placeholder,
    greeting: str(c.greeting, d.greeting),
    width: num(c.width, d.width, 280, 640),
    height: num(c.height, d.height, 360, 900),
    containerId: str(c.containerId, '', 100),
    texts,
    whatsappNumber: /^\d{10,15}$/.test(str(c.whatsappNumber, '', 15))
      ? str(c.whatsappNumber, '', 15)
      : '',
  };
}

/** Reads the JSON of a `data-config` attribute; a malformed one counts as empty. */
export function readJson(text: string | null | undefined): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}
