/**
 * Typed application errors: clients branch on the code, never on the text. Services throw them;
 * the one error handler in plugins/error-handler.ts maps the code to an HTTP status and translates
 * the message.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_JSON: 400,
  BAD_REQUEST: 400,
  BAD_MULTIPART: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN_ORIGIN: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  AGENT_NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  EVENT_STREAMS_LIMIT: 429,
  INTERNAL: 500,
  MODEL_UNAVAILABLE: 422,
  VOICE_NEEDS_PROVIDER: 422,
  IMAGE_NEEDS_PROVIDER: 422,
  IMAGE_ONLY: 400,
  AUDIO_INVALID: 400,
  FILE_MISSING: 400,
  DOCUMENT_EMPTY: 400,
  DOCUMENT_TYPE_UNSUPPORTED: 400,
  DOCUMENT_NOT_FOUND: 404,
  // the conversations inbox (modules/conversations): another owner's, a test chat, or none
  CONVERSATION_NOT_FOUND: 404,
  // a person's reply from the inbox: its file, its WhatsApp line, the message to retry
  REPLY_FILE_TYPE: 400,
  REPLY_FILE_TOO_LARGE: 413,
  REPLY_WHATSAPP_DISCONNECTED: 409,
  MESSAGE_NOT_FOUND: 404,
  MEDIA_UNAVAILABLE: 404,
  WRONG_PASSWORD: 400,
  PROVIDER_UNREACHABLE: 502,
  PROVIDER_NOT_CONFIGURED: 400,
  PROVIDER_AUTH: 502,
  PROVIDER_BUSY: 503,
  PROVIDER_TIMEOUT: 504,
  PROVIDER_FAILED: 502,
  PAYMENTS_UNAVAILABLE: 503,
  // Subscriptions and plan limits (server/modules/subscriptions)
  PAYMENT_PROVIDER_FAILED: 502,
  PLAN_CONTACT_SALES: 422,
  SUBSCRIPTION_EXISTS: 409,
  SUBSCRIPTION_NOT_FOUND: 404,
  PLAN_UNCHANGED: 409,
  WEBHOOK_SIGNATURE: 401,
  CHECKOUT_NOT_FOUND: 404,
  CHECKOUT_DECIDED: 409,
  PLAN_AGENT_LIMIT: 403,
  PLAN_NO_KNOWLEDGE_BASE: 403,
  PLAN_NO_EXTERNAL_APIS: 403,
  // the reports' unanswered questions (modules/analytics): another owner's group, or none
  UNANSWERED_NOT_FOUND: 404,
  UNANSWERED_ANSWERED: 409,
  // the dashboard's go-live moment, asked for while a step of the checklist is left
  CHECKLIST_INCOMPLETE: 409,
  // appointments, the public booking page and the calendar feed (modules/appointments)
  APPOINTMENT_NOT_FOUND: 404,
  APPOINTMENT_SLOT_TAKEN: 409,
  APPOINTMENT_OUTSIDE_AVAILABILITY: 409,
  APPOINTMENT_IN_PAST: 409,
  APPOINTMENT_BEYOND_HORIZON: 409,
  APPOINTMENT_CANCELLED: 409,
  SERVICE_NOT_FOUND: 404,
  SERVICES_LIMIT: 409,
  BOOKING_NOT_FOUND: 404,
  BOOKING_UNAVAILABLE: 403,
  BOOKING_RATE_LIMITED: 429,
  CALENDAR_NOT_FOUND: 404,
  // the owner's contacts (modules/contacts): another owner's, or none
  CONTACT_NOT_FOUND: 404,
  // the public website widget API (modules/webchat)
  WEBCHAT_AGENT_UNAVAILABLE: 403,
  WEBCHAT_AGENT_NOT_FOUND: 404,
  WEBCHAT_ORIGIN_REFUSED: 403,
  WEBCHAT_RATE_LIMITED: 429,
  // WhatsApp gateway (Evolution API) failures, raised by adapters/gateway/gateway-error.ts
  GATEWAY_UNREACHABLE: 502,
  GATEWAY_AUTH: 502,
  GATEWAY_NOT_FOUND: 404,
  GATEWAY_INSTANCE_EXISTS: 409,
  GATEWAY_NOT_CONNECTED: 409,
  GATEWAY_BAD_REQUEST: 422,
  GATEWAY_FAILED: 502,
  GATEWAY_TIMEOUT: 504,
  // the official WhatsApp Business Platform (Cloud API), raised by adapters/whatsapp-cloud
  CLOUD_UNREACHABLE: 502,
  CLOUD_AUTH: 502,
  CLOUD_WINDOW_CLOSED: 409,
  CLOUD_RATE_LIMITED: 503,
  CLOUD_UNDELIVERABLE: 422,
  CLOUD_TEMPLATE: 422,
  CLOUD_BAD_REQUEST: 422,
  CLOUD_FAILED: 502,
  // the agent's official number and its templates (modules/whatsapp/cloud)
  PLAN_NO_WHATSAPP_BUSINESS: 403,
  WHATSAPP_ALREADY_CONNECTED: 409,
  WHATSAPP_CLOUD_NUMBER_IN_USE: 409,
  WHATSAPP_CLOUD_NOT_FOUND: 404,
  WHATSAPP_CLOUD_SIGNUP_UNAVAILABLE: 409,
  WHATSAPP_CLOUD_SIGNUP_FAILED: 422,
  WHATSAPP_CLOUD_TOKEN_REFUSED: 422,
  WHATSAPP_CLOUD_NUMBER_UNKNOWN: 422,
  WHATSAPP_TEMPLATE_NOT_FOUND: 404,
  WHATSAPP_TEMPLATE_EXISTS: 409,
  WHATSAPP_NO_CLOUD_NUMBER: 409,
  WHATSAPP_CLOUD_NO_BUSINESS_APP: 409,
  WHATSAPP_TEMPLATE_NOT_APPROVED: 409,
  WHATSAPP_TEMPLATE_PARAMS: 400,
  WHATSAPP_WINDOW_OPEN: 409,
  // Per-agent WhatsApp instance and the gateway-instance registry
  WHATSAPP_INSTANCE_EXISTS: 409,
  WHATSAPP_INSTANCE_NOT_FOUND: 404,
  WHATSAPP_QR_UNAVAILABLE: 404,
  EVOLUTION_INSTANCE_NOT_FOUND: 404,
  // the built-in gateway simulator's controls (adapters/gateway/simulator)
  SIM_INSTANCE_NOT_FOUND: 404,
  SIM_INSTANCE_CLOSED: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** field → message keys (of the `errors` catalogue) */
  fieldErrors?: Record<string, string[]>;
  /** interpolation values for the code's message */
  params?: Record<string, string | number>;
  /** extra headers */
  headers?: Record<string, string>;
  /** sent as Retry-After and, in words of the reader's language, as the message's `{{wait}}` */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
