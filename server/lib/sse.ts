import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@common/api-error';
import { AppError } from './errors';
import { pickLanguage, translate } from './i18n';

/**
 * Server-Sent Events over a hijacked reply. Security headers already set by hooks are kept.
 * Hijacked, the reply passes no onSend hook, so it is never compressed (plugins/compression.ts).
 */
export class SseStream {
  private closed = false;
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    /** headers of this stream's own, over the usual ones */
    extraHeaders: Record<string, string> = {},
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
      ...extraHeaders,
    });
    const onClose = () => {
      this.closed = true;
      for (const listener of this.closeListeners.splice(0)) listener();
    };
    request.raw.on('close', onClose);
    reply.raw.on('close', onClose);
  }

  get isClosed() {
    return this.closed;
  }

  /** Bytes written but not yet taken by the client's connection. */
  get buffered(): number {
    return this.reply.raw.writableLength;
  }

  /** Called once, when the client goes or the stream is ended. */
  onClose(listener: () => void) {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  /** An event; with an `id`, the client resumes after it (`Last-Event-ID`) when it reconnects. */
  send(event: string, data: unknown, id?: number | string) {
    if (this.closed) return;
    const idLine = id === undefined ? '' : `id: ${id}\n`;
    this.reply.raw.write(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /**
   * Fields without an event: `id` moves where the client resumes, `retry` how long it waits
   * before reconnecting (ms), a `comment` is ignored by clients (a heartbeat).
   */
  control(fields: { id?: number; retry?: number; comment?: string }) {
    if (this.closed) return;
    let text = '';
    if (fields.comment !== undefined) text += `: ${fields.comment}\n`;
    if (fields.retry !== undefined) text += `retry: ${fields.retry}\n`;
    if (fields.id !== undefined) text += `id: ${fields.id}\n`;
    this.reply.raw.write(`${text}\n`);
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
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
