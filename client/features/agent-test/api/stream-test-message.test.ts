import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { StreamInterruptedError, streamTestMessage } from './stream-test-message';

// @/lib/i18n writes <html lang> as it starts, and the unit environment has no DOM.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };
});

/** A fetch answering with these SSE chunks, sent one by one as the server would. */
function sseResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

const reply = {
  response: 'Olá mundo',
  citations: [],
  usage: { inputTokens: 3, outputTokens: 2 },
  latencyMs: 4,
  provider: 'offline',
  model: 'offline',
  offline: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('streamTestMessage', () => {
  it('posts the message and hands over each delta, then resolves with the reply', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(
        sseResponse([
          'event: delta\ndata: {"text":"Olá"}\n\nevent: del',
          'ta\ndata: {"text":" mundo"}\n\n',
          `event: done\ndata: ${JSON.stringify(reply)}\n\n`,
        ]),
      );
    vi.stubGlobal('fetch', fetch);
    const deltas: string[] = [];
    const result = await streamTestMessage({
      agentId: 7,
      message: 'Oi',
      onDelta: (t) => deltas.push(t),
    });
    expect(deltas).toEqual(['Olá', ' mundo']);
    expect(result).toEqual(reply);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/agents/7/test/stream');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init.body).toBe('{"message":"Oi"}');
    expect(init.headers).toMatchObject({ 'Accept-Language': 'pt-BR' });
  });

  it('turns an error event into an ApiError with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          sseResponse([
            'event: delta\ndata: {"text":"Olá"}\n\n',
            'event: error\ndata: {"message":"O provedor demorou demais.","code":"PROVIDER_TIMEOUT"}\n\n',
          ]),
        ),
    );
    const failure = streamTestMessage({ agentId: 7, message: 'Oi', onDelta: () => undefined });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      message: 'O provedor demorou demais.',
      code: 'PROVIDER_TIMEOUT',
    });
  });

  it('reads a JSON error sent before the stream starts', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          Response.json(
            { message: 'Agente não encontrado.', code: 'AGENT_NOT_FOUND' },
            { status: 404 },
          ),
        ),
    );
    await expect(
      streamTestMessage({ agentId: 9, message: 'Oi', onDelta: () => undefined }),
    ).rejects.toMatchObject({ status: 404, message: 'Agente não encontrado.' });
  });

  it('reports a stream that ends without done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(sseResponse(['event: delta\ndata: {"text":"Ol"}\n\n'])),
    );
    await expect(
      streamTestMessage({ agentId: 7, message: 'Oi', onDelta: () => undefined }),
    ).rejects.toBeInstanceOf(StreamInterruptedError);
  });
});
