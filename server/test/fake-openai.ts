import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * An OpenAI-compatible server on loopback: chat completions with streaming and
 * tool calls, transcription, speech, embeddings and the model list. Tests script its answers and
 * read the requests it received.
 */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  top_p?: number;
  stream?: boolean;
  tools?: { function: { name: string; description?: string } }[];
}

export type ChatAnswer =
  | { text: string }
  | { toolCall: { name: string; arguments: Record<string, unknown> } }
  | { status: number; error?: string };

export interface FakeOpenAI {
  url: string;
  chatRequests: ChatRequest[];
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  /** decides each chat completion; default echoes the last user text */
  answer: (request: ChatRequest, index: number) => ChatAnswer;
  knownModels: string[];
  /** a status for GET /v1/models to answer instead of the list (a provider that fails) */
  modelsStatus: number | null;
  transcript: string;
  /** words the fake embedding model treats as meaning the same (its "semantics") */
  synonyms: string[][];
  /** false: the embeddings endpoint answers 404, like servers without one */
  embeddings: boolean;
  /** when set, a streamed text answer stops after its first word until this settles */
  streamGate?: Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function lastUserText(request: ChatRequest): string {
  const last = [...request.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return (last.content as { type: string; text?: string }[])
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join(' ');
}

/** A tool's result as the booking tools give it back to the model. */
export interface ToolResult {
  ok: boolean;
  result?: unknown;
  error?: string;
}

/** The tool results the model has been sent in this request so far, parsed, oldest first. */
export function toolResultsOf(request: ChatRequest): ToolResult[] {
  return request.messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(String(m.content)) as ToolResult);
}

/** One tool call of a script, built from the tool results so far. */
export type ToolStep = (results: ToolResult[]) => {
  name: string;
  arguments: Record<string, unknown>;
};

/**
 * Scripts the model of `fake`: one tool call per step (the next one whose turn it is by the count
 * of results sent back), then `finalText`.
 */
export function scriptTools(fake: FakeOpenAI, steps: ToolStep[], finalText: string): void {
  fake.answer = (request) => {
    const results = toolResultsOf(request);
    const step = steps[results.length];
    return step ? { toolCall: step(results) } : { text: finalText };
  };
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const fake: Omit<FakeOpenAI, 'url' | 'close'> = {
    chatRequests: [],
    requests: [],
    answer: (request) => ({ text: `eco: ${lastUserText(request)}` }),
    knownModels: [
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4.1',
      'gpt-4.1-mini',
      'gpt-4.1-nano',
      'gpt-4',
      'gpt-3.5-turbo',
    ],
    modelsStatus: null,
    transcript: 'Qual é o horário de funcionamento?',
    synonyms: [],
    embeddings: true,
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers });
      const body = await readBody(req);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };

      if (path === '/v1/models') {
        if (
          req.headers.authorization !== 'Bearer test-key' &&
          req.headers.authorization !== 'Bearer user-key'
        ) {
          return json(401, {
            error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
          });
        }
        if (fake.modelsStatus !== null) {
          return json(fake.modelsStatus, { error: { message: 'models unavailable' } });
        }
        return json(200, {
          object: 'list',
          data: fake.knownModels.map((id) => ({ id, object: 'model' })),
        });
      }
      if (path === '/v1/audio/transcriptions') return json(200, { text: fake.transcript });
      if (path === '/v1/audio/speech') {
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        return res.end(Buffer.from('ID3-fake-mp3-bytes'));
      }
      if (path === '/v1/embeddings') {
        if (!fake.embeddings) return json(404, { error: { message: 'embeddings not supported' } });
        const input = (JSON.parse(body.toString()) as { input: string[] }).input;
        return json(200, {
          object: 'list',
          data: input.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: fakeEmbedding(text, fake.synonyms),
          })),
          usage: { prompt_tokens: 1, total_tokens: 1 },
        });
      }
      if (path !== '/v1/chat/completions') return json(404, { error: { message: 'not found' } });

      const request = JSON.parse(body.toString()) as ChatRequest;
      const index = fake.chatRequests.length;
      fake.chatRequests.push(request);
      if (!fake.knownModels.includes(request.model)) {
        return json(404, {
          error: {
            message: `The model \`${request.model}\` does not exist`,
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        });
      }
      const answer = fake.answer(request, index);
      if ('status' in answer)
        return json(answer.status, { error: { message: answer.error ?? 'fake failure' } });
      const usage = { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 };
      const id = `chatcmpl-${index}`;
      const created = Math.floor(Date.now() / 1000);
      const toolCall =
        'toolCall' in answer
          ? {
              id: `call_${index}`,
              type: 'function',
              function: {
                name: answer.toolCall.name,
                arguments: JSON.stringify(answer.toolCall.arguments),
              },
            }
          : undefined;

      if (!request.stream) {
        return json(200, {
          id,
          object: 'chat.completion',
          created,
          model: request.model,
          choices: [
            {
              index: 0,
              message: toolCall
                ? { role: 'assistant', content: null, tool_calls: [toolCall] }
                : { role: 'assistant', content: (answer as { text: string }).text },
              finish_reason: toolCall ? 'tool_calls' : 'stop',
            },
          ],
          usage,
        });
      }

      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: unknown, finish: string | null, extra: object = {}) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`,
        );
      if (toolCall) {
        chunk({ role: 'assistant', tool_calls: [{ index: 0, ...toolCall }] }, null);
        chunk({}, 'tool_calls');
      } else {
        const words = (answer as { text: string }).text.split(/(?<=\s)/);
        chunk({ role: 'assistant', content: '' }, null);
        for (const [i, word] of words.entries()) {
          chunk({ content: word }, null);
          if (i === 0 && fake.streamGate) await fake.streamGate;
        }
        chunk({}, 'stop');
      }
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export const FAKE_EMBEDDING_DIMENSIONS = 1536;

/** One word's direction: a dense pseudo-random unit-length vector seeded by the word. */
function wordVector(key: string): Float64Array {
  let seed = 2166136261;
  for (const ch of key) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  const vector = new Float64Array(FAKE_EMBEDDING_DIMENSIONS);
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    // xorshift32: deterministic, spread over [-0.5, 0.5)
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    vector[i] = (seed >>> 0) / 2 ** 32 - 0.5;
    norm += vector[i]! * vector[i]!;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

const wordVectors = new Map<string, Float64Array>();

/**
 * A bag-of-words embedding, dense like a real model's: each word (or its synonym group) has a
 * direction of its own, and a text is the normalised sum of its words' directions. Two texts'
 * cosine similarity is then about their share of words (random directions in 1 536 dimensions
 * are nearly orthogonal), and a synonym counts as the word: enough for nearest-neighbour search to
 * find a passage by a synonym that full-text search cannot match. Its signs carry the angles as a
 * real embedding's do (random hyperplanes), so binary quantization works on it as on those.
 */
export function fakeEmbedding(text: string, synonyms: string[][]): number[] {
  const vector = new Float64Array(FAKE_EMBEDDING_DIMENSIONS);
  const words = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);
  for (const word of words) {
    const group = synonyms.find((g) => g.includes(word));
    const key = group ? group[0]! : word.slice(0, 6);
    let direction = wordVectors.get(key);
    if (!direction) wordVectors.set(key, (direction = wordVector(key)));
    for (let i = 0; i < vector.length; i++) vector[i]! += direction[i]!;
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0)) || 1;
  return Array.from(vector, (v) => v / norm);
}

/** Reads an SSE response body into its events. */
export function parseSse(text: string): { event: string; data: any }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      return { event, data: data ? JSON.parse(data) : null };
    });
}
