import type { ConnectWhatsappCloudInput } from '@common/schemas/whatsapp';

/**
 * Meta's Embedded Signup tells the page two things apart: FB.login's callback gives the `code`
 * (valid 30 s), and a `message` event from facebook.com says how the session ended. Either may
 * come first, and the event may never come; these pure functions pair them.
 */

/** How the popup's session ended, as its `WA_EMBEDDED_SIGNUP` message says. */
export type SignupSessionEvent =
  | { kind: 'finish'; wabaId: string; phoneNumberId: string }
  /** a number that stays on the WhatsApp Business app (coexistence): only the WABA is known */
  | { kind: 'finish-app'; wabaId: string }
  | { kind: 'cancel' };

/** How long to wait for the session event once the code is here (the code expires in 30 s). */
export const SESSION_EVENT_WAIT_MS = 2_000;

/** The session event in a window `message`, or null for anything else. */
export function readSignupMessage(origin: string, data: unknown): SignupSessionEvent | null {
  if (!origin.endsWith('facebook.com')) return null;
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null; // the SDK's other messages are not all JSON
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const { type, event, data: detail } = message as Record<string, unknown>;
  if (type !== 'WA_EMBEDDED_SIGNUP') return null;
  const fields = (typeof detail === 'object' && detail !== null ? detail : {}) as Record<
    string,
    unknown
  >;
  const wabaId = typeof fields.waba_id === 'string' ? fields.waba_id : null;
  const phoneNumberId = typeof fields.phone_number_id === 'string' ? fields.phone_number_id : null;
  if (event === 'FINISH' && wabaId && phoneNumberId)
    return { kind: 'finish', wabaId, phoneNumberId };
  if (event === 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' && wabaId) {
    return { kind: 'finish-app', wabaId };
  }
  if (event === 'CANCEL') return { kind: 'cancel' };
  return null;
}

/** One signup attempt as far as the page knows it. */
export interface SignupPairing {
  /** the owner chose "Já uso o WhatsApp Business no celular" */
  coexistence: boolean;
  code: string | null;
  event: SignupSessionEvent | null;
  /** the session event was waited for long enough */
  waited: boolean;
  done: boolean;
}

export type SignupInput =
  | { type: 'code'; code: string | null }
  | { type: 'event'; event: SignupSessionEvent }
  | { type: 'waited' };

export type SignupOutcome =
  { kind: 'connect'; body: ConnectWhatsappCloudInput } | { kind: 'cancel' } | null;

export function startPairing(coexistence: boolean): SignupPairing {
  return { coexistence, code: null, event: null, waited: false, done: false };
}

/**
 * The next state and what to do now: connect once the code and the session event are both
 * known, or the code alone after the wait; cancel when the popup was closed (no code).
 */
export function pairSignup(
  state: SignupPairing,
  input: SignupInput,
): { state: SignupPairing; outcome: SignupOutcome } {
  if (state.done) return { state, outcome: null };
  if (input.type === 'code' && input.code === null) {
    // FB.login answered without a code: the owner closed the popup.
    return { state: { ...state, done: true }, outcome: { kind: 'cancel' } };
  }
  const next: SignupPairing =
    input.type === 'code'
      ? { ...state, code: input.code }
      : input.type === 'event'
        ? { ...state, event: input.event }
        : { ...state, waited: true };
  if (next.event?.kind === 'cancel' && next.code === null) {
    return { state: { ...next, done: true }, outcome: { kind: 'cancel' } };
  }
  if (next.code === null) return { state: next, outcome: null };
  const event = next.event?.kind === 'cancel' ? null : next.event;
  if (!event && !next.waited) return { state: next, outcome: null };
  return {
    state: { ...next, done: true },
    outcome: { kind: 'connect', body: connectBody(next.code, event, next.coexistence) },
  };
}

function connectBody(
  code: string,
  event: Exclude<SignupSessionEvent, { kind: 'cancel' }> | null,
  chosenCoexistence: boolean,
): ConnectWhatsappCloudInput {
  if (event?.kind === 'finish') {
    return { code, wabaId: event.wabaId, phoneNumberId: event.phoneNumberId, coexistence: false };
  }
  if (event?.kind === 'finish-app') return { code, wabaId: event.wabaId, coexistence: true };
  return { code, coexistence: chosenCoexistence };
}
