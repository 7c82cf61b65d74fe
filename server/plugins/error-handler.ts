import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@common/api-error';
import { AppError, type ErrorCode } from '../lib/errors';
import { formatWait, pickLanguage, translate } from '../lib/i18n';

/** Fastify's own errors that are the client's fault, mapped to our codes. */
function codeForFrameworkError(err: FastifyError): ErrorCode | null {
  const status = err.statusCode ?? 500;
  if (status >= 500) return null;
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return 'PAYLOAD_TOO_LARGE';
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
    return 'UNSUPPORTED_MEDIA_TYPE';
  if (
    err instanceof SyntaxError ||
    err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return 'BAD_JSON';
  }
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AppError,
): FastifyReply {
  const lang = pickLanguage(request.headers['accept-language']);
  const retryAfter = error.options.retryAfterSeconds;
  const params = { ...error.options.params, wait: formatWait(retryAfter, lang) };
  const body: ApiErrorBody = {
    message: translate(`codes.${error.code}`, lang, params),
    code: error.code,
  };
  const fieldErrors = error.options.fieldErrors;
  if (fieldErrors) {
    body.fieldErrors = Object.fromEntries(
      Object.entries(fieldErrors).map(([field, keys]) => [
        field,
        keys.map((k) => translate(k, lang)),
      ]),
    );
    // With a single field error, the field's own message is the clearest summary.
    const all = Object.values(body.fieldErrors).flat();
    if (all.length === 1 && all[0]) body.message = all[0];
  }
  for (const [name, value] of Object.entries(error.options.headers ?? {}))
    reply.header(name, value);
  if (retryAfter !== undefined) reply.header('Retry-After', String(Math.ceil(retryAfter)));
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/** Any error as the uniform JSON body: never a stack trace, never an internal message. */
export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) return sendError(request, reply, err);
  const code = codeForFrameworkError(err);
  if (code) {
    request.log.info({ code: err.code, status: err.statusCode }, 'client error');
    return sendError(request, reply, new AppError(code));
  }
  request.log.error({ err }, 'unhandled error');
  return sendError(request, reply, new AppError('INTERNAL'));
}

/** The single place where errors become HTTP responses (scopes with a vendor's own envelope fall back to it). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
