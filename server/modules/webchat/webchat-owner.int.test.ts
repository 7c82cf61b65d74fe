import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappInstances } from '../../db/schema';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

/** With jobs and without MERCADOPAGO_ACCESS_TOKEN: owners subscribe through the sandbox checkout. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true });
});
afterAll(async () => {
  await t.close();
});

const minimal = { name: 'Padaria Pão Quente', systemPrompt: 'Você atende clientes da padaria.' };

async function ownerWithAgent(status = 'active') {
  const owner = await signedInClient(t.baseUrl);
  const agent = (await owner.client.post('/api/agents', { ...minimal, status })).body;
  return { ...owner, agent };
}

/** The data-config JSON of a snippet, decoded as a browser would read the attribute. */
function snippetConfig(code: string) {
  const raw = /data-config='([^']*)'/.exec(code)![1]!;
  return JSON.parse(
    raw.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}

describe('GET /api/agents/{id}/webchat-code', () => {
  it('gives a one-line script loading PUBLIC_URL/widget.js with the agent’s public key and its embed config', async () => {
    const { client, user, agent } = await ownerWithAgent();
    await subscribeViaSandbox(client, user);
    const res = await client.get(`/api/agents/${agent.id}/webchat-code`);
    expect(res.status).toBe(200);
    const { code, instructions, widgetUrl, embedConfig } = res.body;
    const base = t.ctx.config.PUBLIC_URL;
    expect(widgetUrl).toMatch(new RegExp(`^${base}/widget\\.js\\?v=[0-9a-f]{16}$`));
    expect(code).not.toContain('\n');
    expect(embedConfig.agentKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(embedConfig).not.toHaveProperty('agentId');
    expect(
      code.startsWith(`<script src="${widgetUrl}" data-agent-key="${embedConfig.agentKey}"`),
    ).toBe(true);
    expect(code).not.toContain('data-agent-id');
    // The key lives only in the snippet: the agent's own shape does not carry it.
    expect((await client.get(`/api/agents/${agent.id}`)).body).not.toHaveProperty('publicKey');
    expect(code.endsWith('async></script>')).toBe(true);
    expect(snippetConfig(code)).toMatchObject({
      apiUrl: base,
      title: 'Padaria Pão Quente',
      theme: { primaryColor: '#022b44', accentColor: '#b8ec00', borderRadius: 16 },
      position: 'bottom-right',
      placeholder: 'Digite sua mensagem...',
      width: 380,
      height: 560,
      containerId: '',
    });
    expect(instructions).toEqual([
      'Cole o código antes da tag </body> de cada página em que o chat deve aparecer.',
      'O chat funciona em qualquer site; limite os domínios permitidos para que só o seu site possa usá-lo.',
      'O agente está Ativo: o chat já responde aos visitantes.',
    ]);
  });

  it('says an active agent does not answer visitors without a subscription, in the language asked for', async () => {
    const { client, agent } = await ownerWithAgent();
    const pt = await client.get(`/api/agents/${agent.id}/webchat-code`);
    expect(pt.body.instructions[2]).toBe(
      'O agente está Ativo, mas o chat só responde aos visitantes com uma assinatura ativa ou em teste e com o agente dentro do limite de agentes do plano (Configurações › Assinatura).',
    );
    const en = await client.get(`/api/agents/${agent.id}/webchat-code`, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.instructions[2]).toContain('only answers visitors with an active or trialing');
  });

  it('warns when the agent is not active, in the language asked for', async () => {
    const { client, agent } = await ownerWithAgent('draft');
    const pt = await client.get(`/api/agents/${agent.id}/webchat-code`);
    expect(pt.body.instructions[2]).toBe(
      'Atenção: o agente não está Ativo. Mude a situação para Ativo para o chat responder no site.',
    );
    const en = await client.get(`/api/agents/${agent.id}/webchat-code`, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.instructions[2]).toContain('the agent is not Active');
  });

  it('is for the owner only: 401 signed out, 404 for another user', async () => {
    const { agent } = await ownerWithAgent();
    const other = await signedInClient(t.baseUrl);
    expect(
      (await new HttpClient(t.baseUrl).get(`/api/agents/${agent.id}/webchat-code`)).status,
    ).toBe(401);
    const res = await other.client.get(`/api/agents/${agent.id}/webchat-code`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('AGENT_NOT_FOUND');
  });
});

describe('"Continuar no WhatsApp" (owner switch)', () => {
  it('puts the connected WhatsApp number in the snippet only with the switch on and the instance connected', async () => {
    const { client, agent } = await ownerWithAgent();
    const numberOf = async () =>
      snippetConfig((await client.get(`/api/agents/${agent.id}/webchat-code`)).body.code)
        .whatsappNumber;
    await t.ctx.database.db.insert(whatsappInstances).values({
      agentId: agent.id,
      instanceName: `agente-${agent.id}-wa`,
      phoneNumber: '5511955554444',
      status: 'AWAITING_QR_SCAN',
    });
    const on = { config: { whatsappLink: true }, allowedDomains: [] };
    expect((await client.put(`/api/agents/${agent.id}/webchat-config`, on)).status).toBe(200);
    expect(await numberOf()).toBeUndefined(); // not connected yet

    await t.ctx.database.db
      .update(whatsappInstances)
      .set({ status: 'CONNECTED', connectedJid: '5511987654321:3@s.whatsapp.net' })
      .where(eq(whatsappInstances.agentId, agent.id));
    expect(await numberOf()).toBe('5511987654321');

    const off = { config: { whatsappLink: false }, allowedDomains: [] };
    expect((await client.put(`/api/agents/${agent.id}/webchat-config`, off)).status).toBe(200);
    expect(await numberOf()).toBeUndefined();
  });
});

describe('webchat settings: GET/PUT /api/agents/{id}/webchat-config', () => {
  it('starts from the brand defaults', async () => {
    const { client, agent } = await ownerWithAgent();
    const res = await client.get(`/api/agents/${agent.id}/webchat-config`);
    expect(res.status).toBe(200);
    expect(res.body.allowedDomains).toEqual([]);
    expect(res.body.config).toMatchObject({
      theme: { primaryColor: '#022b44', accentColor: '#b8ec00' },
      position: 'bottom-right',
      title: '',
      greeting: 'Olá! Como posso ajudar?',
    });
  });

  it('saves colours, texts, position and normalised domains, and the snippet follows', async () => {
    const { client, agent } = await ownerWithAgent();
    const res = await client.put(`/api/agents/${agent.id}/webchat-config`, {
      config: {
        theme: { primaryColor: '#AA0000', accentColor: '#ffffff', borderRadius: 4 },
        position: 'bottom-left',
        title: "Fale com a Pão's",
        subtitle: 'Respondemos <na hora>',
        texts: { send: 'Mandar' },
      },
      allowedDomains: ['https://www.Loja.com.br/contato', 'loja.com.br', 'outra.com:8080'],
    });
    expect(res.status).toBe(200);
    expect(res.body.allowedDomains).toEqual(['www.loja.com.br', 'loja.com.br', 'outra.com']);
    expect(res.body.config.theme.primaryColor).toBe('#aa0000');

    const code = (await client.get(`/api/agents/${agent.id}/webchat-code`)).body;
    expect(code.code).not.toContain("Pão's");
    expect(code.code).not.toContain('<na hora>');
    expect(snippetConfig(code.code)).toMatchObject({
      title: "Fale com a Pão's",
      subtitle: 'Respondemos <na hora>',
      position: 'bottom-left',
      theme: { primaryColor: '#aa0000', accentColor: '#ffffff', borderRadius: 4 },
      texts: { send: 'Mandar' },
    });
    expect(code.instructions[1]).toBe(
      'O chat só funciona nestes domínios (e seus subdomínios): www.loja.com.br, loja.com.br, outra.com.',
    );
  });

  it('refuses bad values with pt-BR messages and changes nothing', async () => {
    const { client, agent } = await ownerWithAgent();
    const res = await client.put(`/api/agents/${agent.id}/webchat-config`, {
      config: { theme: { primaryColor: 'red; background: url(x)' }, width: 5000 },
      allowedDomains: ['não é domínio'],
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      'config.theme.primaryColor': ['Use uma cor no formato #RRGGBB'],
      'config.width': ['Tamanho fora do permitido (largura de 280 a 640, altura de 360 a 900)'],
      'allowedDomains.0': ['Domínio inválido: informe algo como www.minhaloja.com.br'],
    });
    const after = await client.get(`/api/agents/${agent.id}/webchat-config`);
    expect(after.body.config.theme.primaryColor).toBe('#022b44');
    expect(after.body.allowedDomains).toEqual([]);
  });

  it('keeps another owner out of reading and writing the settings', async () => {
    const { client, agent } = await ownerWithAgent();
    const other = await signedInClient(t.baseUrl);
    const read = await other.client.get(`/api/agents/${agent.id}/webchat-config`);
    const write = await other.client.put(`/api/agents/${agent.id}/webchat-config`, {
      config: { title: 'Invadido' },
      allowedDomains: ['evil.example'],
    });
    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
    const mine = await client.get(`/api/agents/${agent.id}/webchat-config`);
    expect(mine.body.config.title).toBe('');
    expect(mine.body.allowedDomains).toEqual([]);
    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.get(`/api/agents/${agent.id}/webchat-config`)).status).toBe(401);
  });
});

describe('GET /widget.js', () => {
  it('serves the hashed URL as immutable for a year, any other as revalidated', async () => {
    const { client, agent } = await ownerWithAgent();
    const { widgetUrl } = (await client.get(`/api/agents/${agent.id}/webchat-code`)).body;
    const path = new URL(widgetUrl).pathname + new URL(widgetUrl).search;
    const hashed = await fetch(t.baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const body = await hashed.text();
    expect(body).toContain('attachShadow');
    expect(body).not.toContain('iframe');

    const plain = await fetch(`${t.baseUrl}/widget.js`);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = plain.headers.get('etag')!;
    expect(etag).toBe(`"${new URL(widgetUrl).searchParams.get('v')}"`);
    const again = await fetch(`${t.baseUrl}/widget.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('sends it gzip-compressed to clients that accept it', async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = request(
        `${t.baseUrl}/widget.js`,
        { headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('attachShadow');
  });
});
