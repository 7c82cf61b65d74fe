import { expect, test } from './fixtures';

// Link previews (WhatsApp shares a link and fetches it) and uptime monitors ask for a page with
// `Accept: */*`, JSON or nothing at all: a client route answers with the app's page all the same.
for (const accept of ['*/*', 'application/json', '']) {
  test(`a client route is served with Accept "${accept || 'none'}"`, async ({ request }) => {
    for (const path of [
      '/',
      '/plans',
      '/auth',
      '/dashboard',
      '/dashboard/conversas',
      '/dashboard/avancado/api-evolution',
      '/dashboard/teste?agente=1',
      '/nao-existe',
    ]) {
      const res = await request.get(path, { headers: accept ? { accept } : {} });
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toContain('text/html');
      expect(await res.text(), path).toContain('<div id="root">');
    }
  });
}

test('HEAD of a client route is a 200 page', async ({ request }) => {
  const res = await request.head('/plans', { headers: { accept: '*/*' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
});

test('an unknown API path and a missing file stay a 404', async ({ request }) => {
  const api = await request.get('/api/nao-existe', { headers: { accept: 'text/html' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  const asset = await request.get('/assets/nao-existe.js', { headers: { accept: '*/*' } });
  expect(asset.status()).toBe(404);
  expect(asset.headers()['content-type']).toContain('application/json');
});
