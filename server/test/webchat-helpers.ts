import { HttpClient, type RequestOptions } from './http-client';

/** The agent's public key, as its owner reads it from the webchat code. */
export async function agentKeyOf(owner: HttpClient, agentId: number): Promise<string> {
  const res = await owner.get(`/api/agents/${agentId}/webchat-code`);
  if (res.status !== 200) throw new Error(`webchat-code failed: ${res.status} ${res.text}`);
  return res.body.embedConfig.agentKey as string;
}

let ipCounter = 0;
/** Each visitor is its own client address (honoured where the app trusts loopback as its proxy: TRUST_PROXY=127.0.0.1), so rate limits do not mix. */
export const newIp = () => `203.0.113.${++ipCounter}`;
let visitorCounter = 0;
export const newVisitor = () =>
  `visitante${Date.now().toString(36)}${++visitorCounter}xxxxxxxxxxxx`;

/**
 * A website visitor of the public widget API: no cookies, the host page's Origin. Every call names
 * the agent as the snippet does, by whatever the path holds (a key, or an id that must fail).
 */
export function publicVisitor(
  baseUrl: string,
  origin: string | null = 'https://www.loja.com.br',
  ip = newIp(),
) {
  const client = new HttpClient(baseUrl);
  const opts = (more: RequestOptions = {}): RequestOptions => ({
    origin,
    ...more,
    headers: { 'x-forwarded-for': ip, ...more.headers },
  });
  return {
    chat: (agent: string | number, body: unknown, more?: RequestOptions) =>
      client.post(`/api/public/agents/${agent}/chat`, body, opts(more)),
    /** as the widget sends it: JSON in a text/plain body (no CORS preflight) */
    chatText: (agent: string | number, body: unknown, path = 'chat') =>
      client.request('POST', `/api/public/agents/${agent}/${path}`, {
        ...opts(),
        body: JSON.stringify(body),
        headers: { 'x-forwarded-for': ip, 'content-type': 'text/plain;charset=UTF-8' },
      }),
    /** as the widget announces itself on a page: once per session */
    seen: (agent: string | number) =>
      client.request('POST', `/api/public/agents/${agent}/seen`, {
        ...opts(),
        body: '{}',
        headers: { 'x-forwarded-for': ip, 'content-type': 'text/plain;charset=UTF-8' },
      }),
    history: (agent: string | number, visitorId: string) =>
      client.post(`/api/public/agents/${agent}/history`, { visitorId }, opts()),
    preflight: (agent: string | number) =>
      client.request('OPTIONS', `/api/public/agents/${agent}/chat`, {
        ...opts(),
        headers: {
          'x-forwarded-for': ip,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      }),
  };
}
