/**
 * The public chat API over fetch. Bodies go as text/plain JSON: a "simple" cross-origin request
 * needs no CORS preflight, so each message costs one round trip.
 */
export interface ChatDone {
  response: string;
  citations: { source: string; excerpt: string }[];
}

export interface ApiFailure {
  code: string;
  message: string;
}

export class ChatError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

const NETWORK: ApiFailure = { code: 'NETWORK', message: '' };

async function post(url: string, body: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new ChatError(NETWORK);
  }
  if (!res.ok) {
    let failure = NETWORK;
    try {
      const data = (await res.json()) as Partial<ApiFailure> & { fieldErrors?: object };
      failure = {
        code: data.fieldErrors && 'message' in data.fieldErrors ? 'TOO_LONG' : String(data.code),
        message: String(data.message ?? ''),
      };
    } catch {
      // not our JSON (a proxy's page): a network-level failure for the visitor
    }
    throw new ChatError(failure);
  }
  return res;
}

/** A message of the visitor's conversation: theirs, the agent's, or a person's (the business). */
export interface VisitorMessage {
  /** opaque: where the live channel resumes after it */
  ref: string;
  role: 'user' | 'assistant' | 'person';
  content: string;
  file: { path: string; name: string; type: string } | null;
}

export async function fetchHistory(base: string, agentKey: string, visitorId: string) {
  const res = await post(`${base}/api/public/agents/${agentKey}/history`, { visitorId });
  return (await res.json()) as { messages: VisitorMessage[]; cursor: string | null };
}

/**
 * The visitor's live channel: a person's replies as they are sent (Server-Sent Events). The
 * browser reconnects by itself and resumes after the last message it had (Last-Event-ID);
 * `after` is the newest message the widget shows. Returns a function that closes it.
 */
export function listenForPerson(
  base: string,
  agentKey: string,
  visitorId: string,
  after: string | null,
  onMessage: (message: VisitorMessage) => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const query = new URLSearchParams({ visitorId });
  if (after !== null) query.set('after', after);
  const source = new EventSource(`${base}/api/public/agents/${agentKey}/events?${query}`);
  source.addEventListener('message', (event) => {
    try {
      onMessage(JSON.parse((event as MessageEvent<string>).data) as VisitorMessage);
    } catch {
      // not ours: ignored
    }
  });
  return () => source.close();
}

/** Streams a reply: `onDelta` gets each piece of text; resolves with the final reply. */
export async function streamChat(
  base: string,
  agentKey: string,
  visitorId: string,
  message: string,
  onDelta: (text: string) => void,
): Promise<ChatDone> {
  const res = await post(`${base}/api/public/agents/${agentKey}/chat/stream`, {
    visitorId,
    message,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ChatError(NETWORK);
    }
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!event || data === undefined) continue;
      const payload = JSON.parse(data) as { text: string } & ChatDone & ApiFailure;
      if (event === 'delta') onDelta(payload.text);
      else if (event === 'done') return payload;
      else if (event === 'error') throw new ChatError(payload);
    }
  }
  throw new ChatError(NETWORK);
}

/** Tells the agent's owner the widget is on this site (the server records at most one an hour). */
export function announce(base: string, agentKey: string) {
  post(`${base}/api/public/agents/${agentKey}/seen`, {}).catch(() => {
    // nothing for the visitor to see: the chat works without it
  });
}
