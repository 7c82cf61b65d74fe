/**
 * Defaults of the website widget's embed config. Plain constants, so the widget can
 * import them without pulling zod into its tiny bundle.
 */
export const WEBCHAT_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type WebchatPosition = (typeof WEBCHAT_POSITIONS)[number];

export const WEBCHAT_DEFAULTS = {
  primaryColor: '#022b44',
  accentColor: '#b8ec00',
  borderRadius: 16,
  position: 'bottom-right' as WebchatPosition,
  subtitle: 'Normalmente responde em instantes',
  placeholder: 'Digite sua mensagem...',
  greeting: 'Olá! Como posso ajudar?',
  width: 380,
  height: 560,
};

/** Texts the widget shows; each can be overridden by the embed config's `texts`. */
export const WEBCHAT_TEXTS = {
  open: 'Abrir chat',
  close: 'Fechar chat',
  send: 'Enviar',
  inputLabel: 'Sua mensagem',
  typing: 'Digitando…',
  sources: 'Fontes',
  unavailable: 'Este assistente não está disponível no momento.',
  originRefused: 'Este site não tem permissão para usar este chat.',
  rateLimited: 'Você enviou muitas mensagens seguidas. Aguarde um pouco e tente novamente.',
  tooLong: 'Sua mensagem é longa demais. Tente resumir.',
  failed: 'Não foi possível enviar sua mensagem. Verifique sua conexão e tente novamente.',
  whatsapp: 'Continuar no WhatsApp',
  /** the label of a message a person of the business wrote (answered from the inbox) */
  person: 'Atendente',
  /** the link to a file a person sent */
  file: 'Abrir arquivo',
};
export type WebchatTextKey = keyof typeof WEBCHAT_TEXTS;

export const WEBCHAT_MESSAGE_MAX_LENGTH = 2000;
export const WEBCHAT_MAX_DOMAINS = 20;
/** an agent's public key as the database makes it (server/db/schema/columns.ts): 24 bytes in base64url */
export const AGENT_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** visitor ids are random base64url strings made by the widget (≥ 128 bits) */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
