import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { startTestApp, type TestApp } from '../test/harness';
import { signedInClient } from '../test/http-client';

/**
 * A client build of its own (what `vite build` writes: each text file beside its `.br` and `.gz`
 * copies), so these tests do not depend on `npm run build` having run.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'aab-client-dist-'));
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Padaria</title>${'<meta name="x" content="pão de queijo">'.repeat(60)}</head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const receitas = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `pão ${i}`))};`;
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';
/** The pages the build rendered (scripts/prerender.ts), with a manifest naming them. */
const LANDING_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root"><h1>Padaria no WhatsApp</h1></div>',
);
const AUTH_MULTI_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root"><h1>Plano Multi</h1></div>',
);
const MANIFEST = {
  '/': { file: 'landing.html', anyQuery: true },
  '/auth?plan=multi': { file: 'auth-plan-multi.html', anyQuery: false },
  // a manifest is the build's own file; a name that is a path is still never followed
  '/segredo': { file: '../../../../etc/passwd', anyQuery: true },
};

function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), INDEX_HTML);
  writeWithCopies(path.join(dist, SCRIPT_PATH), SCRIPT);
  mkdirSync(path.join(dist, 'prerendered'));
  writeWithCopies(path.join(dist, 'prerendered/landing.html'), LANDING_HTML);
  writeWithCopies(path.join(dist, 'prerendered/auth-plan-multi.html'), AUTH_MULTI_HTML);
  writeFileSync(path.join(dist, 'prerendered/pages.json'), JSON.stringify(MANIFEST));
  fake = await startFakeOpenAI();
  t = await startTestApp({
    clientDist: dist,
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  rmSync(dist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET as sent on the wire: node:http never decodes the body (fetch would). */
function rawGet(
  pathname: string,
  acceptEncoding: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${t.baseUrl}${pathname}`,
      { headers: { 'accept-encoding': acceptEncoding, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function decode(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString();
  if (encoding === 'gzip') return gunzipSync(res.body).toString();
  expect(encoding).toBeUndefined();
  return res.body.toString();
}

describe('the client build', () => {
  it('sends a hashed asset as its brotli copy, gzip copy or as is, by Accept-Encoding', async () => {
    const br = await rawGet(SCRIPT_PATH, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    // the copy written at build time, not one compressed per request
    expect(br.body.length).toBe(statSync(path.join(dist, `${SCRIPT_PATH}.br`)).size);
    expect(decode(br)).toBe(SCRIPT);

    const gzip = await rawGet(SCRIPT_PATH, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBe(statSync(path.join(dist, `${SCRIPT_PATH}.gz`)).size);
    expect(decode(gzip)).toBe(SCRIPT);

    const identity = await rawGet(SCRIPT_PATH, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(SCRIPT);

    for (const res of [br, gzip, identity]) {
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('sends index.html compressed and always revalidated at a client route without a rendered page', async () => {
    for (const pathname of ['/plans', '/dashboard', '/auth?plan=multi&utm_source=x', '/segredo']) {
      const br = await rawGet(pathname, 'br, gzip');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(br)).toBe(INDEX_HTML);

      const gzip = await rawGet(pathname, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decode(gzip)).toBe(INDEX_HTML);

      const identity = await rawGet(pathname, 'identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers['cache-control']).toBe('no-cache');
      expect(identity.body.toString()).toBe(INDEX_HTML);
    }
  });

  it('sends the page the build rendered for exactly its address, compressed and revalidated', async () => {
    for (const [pathname, html] of [
      ['/', LANDING_HTML],
      ['/auth?plan=multi', AUTH_MULTI_HTML],
    ] as const) {
      const br = await rawGet(pathname, 'br, gzip');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(decode(br)).toBe(html);
      const gzip = await rawGet(pathname, 'gzip');
      expect(decode(gzip)).toBe(html);
      const identity = await rawGet(pathname, 'identity');
      expect(identity.body.toString()).toBe(html);
    }
  });

  it('sends the landing page for its path with any query (a campaign link), and HEAD too', async () => {
    const res = await rawGet('/?utm_source=instagram&utm_campaign=pascoa', 'br');
    expect(decode(res)).toBe(LANDING_HTML);
    const head = await fetch(`${t.baseUrl}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers a missing asset with a 404, not a compressed page', async () => {
    const res = await rawGet('/assets/missing-00000000.js', 'br, gzip');
    expect(res.status).toBe(404);
    expect(JSON.parse(decode(res))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('JSON responses', () => {
  it('are compressed from 1 KB on, by Accept-Encoding, and sent as is below that', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const systemPrompt = 'Você atende os clientes da Padaria Pão Quente com simpatia. '
      .repeat(40)
      .trim();
    const agent = (await client.post('/api/agents', { name: 'Padaria', systemPrompt })).body;
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const agentPath = `/api/agents/${agent.id}`;

    const br = await rawGet(agentPath, 'gzip, deflate, br', { cookie });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(decode(br))).toMatchObject({ id: agent.id, systemPrompt });

    const gzip = await rawGet(agentPath, 'gzip', { cookie });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip))).toMatchObject({ id: agent.id, systemPrompt });

    const identity = await rawGet(agentPath, 'identity', { cookie });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(identity.body.toString())).toMatchObject({ id: agent.id, systemPrompt });

    const small = await rawGet('/healthz', 'gzip, deflate, br');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.length).toBeLessThan(1024);
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' });
  });
});

describe('Server-Sent Events', () => {
  it('are never compressed, and each word leaves as soon as the model gives it', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const agent = (
      await client.post('/api/agents', { name: 'Padaria', systemPrompt: 'Você atende.' })
    ).body;
    fake.answer = () => ({ text: 'Abrimos às oito horas.' });
    let release!: () => void;
    fake.streamGate = new Promise((resolve) => (release = resolve));
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    const res = await fetch(`${t.baseUrl}/api/agents/${agent.id}/test/stream`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        origin: t.baseUrl,
        cookie,
      },
      body: JSON.stringify({ message: 'Que horas abrem?' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();

    // The model has given one word and waits: that word must already be here. A compressor
    // (or any buffering) in between would hold it back, and this read would never end.
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before the first word: ${received}`);
      received += value;
    }
    expect(received).toContain('Abrimos');
    expect(received).not.toContain('event: done');

    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value;
    }
    expect(received).toContain('event: done');
    expect(received).toContain('oito horas.');
    fake.streamGate = undefined;
  });
});
