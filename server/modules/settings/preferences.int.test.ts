import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // Not the built-in default, so the answer shows where it comes from.
  t = await startTestApp({ env: { TZ_DEFAULT: 'America/Manaus' } });
});
afterAll(async () => {
  await t.close();
});

const INVALID = 'Escolha um fuso horário válido, como America/Sao_Paulo.';

describe('preferences: the owner time zone', () => {
  it("is the operator's TZ_DEFAULT until the owner picks one, then theirs alone", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const other = await signedInClient(t.baseUrl);
    expect((await client.get('/api/settings/preferences')).body).toEqual({
      timezone: 'America/Manaus',
    });

    const saved = await client.put('/api/settings/preferences', { timezone: 'America/Recife' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ timezone: 'America/Recife' });
    expect((await client.get('/api/settings/preferences')).body).toEqual({
      timezone: 'America/Recife',
    });
    expect((await other.client.get('/api/settings/preferences')).body).toEqual({
      timezone: 'America/Manaus',
    });

    // Stored in its canonical spelling.
    const lower = await client.put('/api/settings/preferences', { timezone: 'america/sao_paulo' });
    expect(lower.body).toEqual({ timezone: 'America/Sao_Paulo' });
  });

  it('refuses what is not a time zone with the Portuguese message and changes nothing', async () => {
    const { client } = await signedInClient(t.baseUrl);
    await client.put('/api/settings/preferences', { timezone: 'America/Belem' });
    for (const body of [
      { timezone: 'Mars/Olympus' },
      { timezone: '+03:00' },
      { timezone: '' },
      { timezone: 42 },
      { timezone: 'A'.repeat(200) },
      {},
    ]) {
      const res = await client.put('/api/settings/preferences', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.fieldErrors).toEqual({ timezone: [INVALID] });
    }
    expect((await client.get('/api/settings/preferences')).body).toEqual({
      timezone: 'America/Belem',
    });
  });

  it('needs a signed-in owner', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.get('/api/settings/preferences')).status).toBe(401);
    expect(
      (await anonymous.put('/api/settings/preferences', { timezone: 'America/Bahia' })).status,
    ).toBe(401);
  });
});
