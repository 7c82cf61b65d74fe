import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@common/api-error';
import { AppError } from './errors';
import { pickLanguage, translate } from './i18n';

/**
 * Server-Sent Events over a hijacked reply. Security headers already set by hooks are kept.
 */
export class SseStream {
  private closed = false;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    reply.hijack();
    reply.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    request.raw.on('close', () => {
      this.closed = true;
    });
  }

  get isClosed() {
    return this.closed;
  }

  send(event: string, data: unknown) {
    if (this.closed) return;
    this.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Sends a failure as an `error` event with the same body as a JSON error response. */
  fail(err: unknown) {
    const error = err instanceof AppError ? err : new AppError('INTERNAL');
    if (!(err instanceof AppError)) this.request.log.error({ err }, 'stream failed');
    const lang = pickLanguage(this.request.headers['accept-language']);
    const body: ApiErrorBody = {
      message: translate(`codes.${error.code}`, lang, error.options.params),
      code: error.code,
    };
    this.send('error', body);
  }

  end() {
    if (this.closed) return;
    this.closed = true;
    this.reply.raw.end();
  }
}
