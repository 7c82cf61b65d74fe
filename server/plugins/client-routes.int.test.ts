import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * Link previews (WhatsApp shares a link and fetches it) and uptime monitors ask for a page with
 * `Accept: *\/*`, JSON or nothing at all: a client route answers with the app's page all the
 * same, while an unknown API path or a missing asset stays a 404. A client build of its own (the
 * page `vite build` writes), so these tests do not depend on `npm run build` having run.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'aab-client-dist-'));
const INDEX_HTML =
  '<!doctype html><html lang="pt-BR"><head><title>Agentes</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  t = await startTestApp({ clientDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const CLIENT_ROUTES = [
  '/',
  '/plans',
  '/auth',
  '/dashboard',
  '/dashboard/conversas',
  '/dashboard/avancado/api-evolution',
  '/dashboard/teste?agente=1',
  '/nao-existe',
];

describe('client routes', () => {
  for (const accept of ['*/*', 'application/json', '']) {
    it(`are served with Accept "${accept || 'none'}"`, async () => {
      for (const route of CLIENT_ROUTES) {
        const res = await fetch(`${t.baseUrl}${route}`, {
          headers: accept ? { accept } : {},
        });
        expect(res.status, route).toBe(200);
        expect(res.headers.get('content-type'), route).toContain('text/html');
        expect(await res.text(), route).toContain('<div id="root">');
      }
    });
  }

  it('answer HEAD with a 200 page', async () => {
    const res = await fetch(`${t.baseUrl}/plans`, { method: 'HEAD', headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('leave an unknown API path and a missing file a 404', async () => {
    const api = await fetch(`${t.baseUrl}/api/nao-existe`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Recurso não encontrado.', code: 'NOT_FOUND' });
    const asset = await fetch(`${t.baseUrl}/assets/nao-existe.js`, { headers: { accept: '*/*' } });
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-type')).toContain('application/json');
  });
});
