/**
 * Errors of the simulated gateway, sent in Evolution's own envelope: `{status, error: <reason
 * phrase>, response: {message}}` — not our AppError format, so the client is tested against the
 * real shapes.
 */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
};

export class SimError extends Error {
  override name = 'SimError';

  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
  }

  get body() {
    return {
      status: this.status,
      error: REASONS[this.status] ?? 'Error',
      response: { message: this.detail },
    };
  }
}

/** The observed 401 body, `message` a plain string here (not an array). */
export const unauthorized = () => new SimError(401, 'Unauthorized');

export const instanceMissing = (name: string) =>
  new SimError(404, [`The "${name}" instance does not exist`]);

/** JSON-schema failures are a nested array, e.g. [["instance requires property \"text\""]]. */
export const schemaError = (...messages: string[]) => new SimError(400, [messages]);

/** The crash a missing `events` array causes in the real gateway. */
export const MISSING_EVENTS_MESSAGE = "Cannot read properties of undefined (reading 'length')";

/** The real answer to sending through an instance that never connected. */
export const NEVER_CONNECTED_MESSAGE = "Cannot read properties of undefined (reading 'onWhatsApp')";
