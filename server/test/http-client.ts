/**
 * A tiny browser stand-in over real HTTP: keeps cookies, sends our Origin on every request (as a
 * browser does for same-origin fetches) unless told otherwise, and parses JSON replies.
 */
export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  body?: string | FormData;
  headers?: Record<string, string>;
  /** null = send no Origin header */
  origin?: string | null;
  /**
   * An event stream that does not end (GET /api/events) is not read: its connection is dropped
   * once the status and headers are in, and `text` is empty.
   */
  leaveEventStreams?: boolean;
}

export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const origin = options.origin === undefined ? this.baseUrl : options.origin;
    if (origin !== null) headers.origin ??= origin;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    let body: string | FormData | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const eventStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    if (options.leaveEventStreams && eventStream) {
      await response.body?.cancel();
      return { status: response.status, headers: response.headers, body: '' as T, text: '' };
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text)
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, json });
  }
  put<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, json });
  }
  patch<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, json });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}

let counter = 0;

/** A unique, valid registration payload. */
export function newUser(
  overrides: Partial<Record<'username' | 'password' | 'name' | 'email' | 'planId', string>> = {},
) {
  counter += 1;
  const id = `${process.pid}${Date.now().toString(36)}${counter}`;
  return {
    username: `user${id}`,
    password: 'segredo123',
    name: 'Maria Souza',
    email: `maria${id}@exemplo.com.br`,
    planId: 'standard',
    ...overrides,
  };
}

/** A client registered (and so signed in) as a fresh user. */
export async function signedInClient(baseUrl: string, overrides = {}) {
  const client = new HttpClient(baseUrl);
  const user = newUser(overrides);
  const res = await client.post('/api/register', user);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, user, id: (res.body as { id: number }).id };
}
