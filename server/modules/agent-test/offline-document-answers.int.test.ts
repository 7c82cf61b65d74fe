import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../test/fixtures/documents';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { upload, waitForDocument } from '../../test/knowledge-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true });
});
afterAll(async () => {
  await t.close();
});

/** A bakery's PDF menu as owners make them: the address on the first line, one item a line. */
const MENU = [
  [
    'Padaria e Confeitaria São Jorge — Rua Barão de Jaguara, 1450, Centro, Campinas/SP',
    'SALGADOS',
    'Coxinha de frango: R$ 7,50',
    'Esfiha de carne: R$ 6,00',
    'Pão de queijo (unidade): R$ 3,50',
    'BOLOS',
    'Bolo de cenoura com chocolate: R$ 9,00 a fatia, R$ 55,00 inteiro',
    'Bolo de fubá com goiabada: R$ 8,00 a fatia, R$ 45,00 inteiro',
  ].join('\n'),
  [
    'Funcionamento: segunda a sábado das 6h às 20h; domingos e feriados das 7h às 13h.',
    'Delivery pelo iFood e pelo nosso WhatsApp (19) 99876-5432, taxa de R$ 6,00 até 5 km.',
    'Formas de pagamento: Pix, cartão de crédito e débito e dinheiro.',
  ].join('\n'),
];

async function bakeryWithMenu() {
  const { client } = await signedInClient(t.baseUrl);
  const agent = (
    await client.post('/api/agents', {
      name: 'Padaria São Jorge',
      systemPrompt: 'Você atende os clientes da Padaria São Jorge.',
    })
  ).body;
  const res = await upload(client, agent.id, await makePdf(MENU), 'cardapio.pdf');
  expect(res.status).toBe(201);
  const doc = await waitForDocument(client, agent.id, (res.body as { id: number }).id);
  expect(doc.processingStatus).toBe('ready');
  const ask = async (message: string) => {
    const reply = await client.post(`/api/agents/${agent.id}/test`, { message });
    expect(reply.status).toBe(200);
    return reply.body as { response: string; citations: { source: string }[] };
  };
  return { client, agent, ask };
}

describe('the offline test console answers from an uploaded PDF menu', () => {
  it('gives the address line for "qual o endereço?" and the item line for "tem coxinha hoje?"', async () => {
    const { ask } = await bakeryWithMenu();
    const address = await ask('qual o endereço?');
    expect(address.response).toBe(
      'Padaria e Confeitaria São Jorge — Rua Barão de Jaguara, 1450, Centro, Campinas/SP.',
    );
    expect(address.citations[0]).toMatchObject({ source: 'cardapio.pdf' });
    expect((await ask('tem coxinha hoje?')).response).toBe('Coxinha de frango: R$ 7,50.');
  });

  it('answers hours, price, delivery and payment as customers ask them', async () => {
    const { ask } = await bakeryWithMenu();
    expect((await ask('vcs abrem domingo?')).response).toContain(
      'domingos e feriados das 7h às 13h',
    );
    expect((await ask('quanto custa o bolo de cenoura')).response).toBe(
      'Bolo de cenoura com chocolate: R$ 9,00 a fatia, R$ 55,00 inteiro.',
    );
    expect((await ask('faz entrega?')).response).toMatch(/^Delivery pelo iFood/);
    expect((await ask('aceita pix?')).response).toMatch(/^Formas de pagamento: Pix/);
  });

  it('never glues a section heading on, nor "Pergunta:/Resposta:" of a taught answer', async () => {
    const { client, agent, ask } = await bakeryWithMenu();
    const md = '# Bolos\n\n- Cenoura com chocolate: R$ 55,00\n- Fubá com goiabada: R$ 45,00\n';
    const res = await upload(client, agent.id, Buffer.from(md), 'bolos.md');
    await waitForDocument(client, agent.id, (res.body as { id: number }).id);
    const cakes = (await ask('quais bolos vocês têm?')).response;
    expect(cakes).not.toMatch(/^Bolos/);
    const taught =
      'Pergunta: Vocês têm estacionamento?\nResposta: Sim, 10 vagas na frente da loja.';
    const entry = await upload(client, agent.id, Buffer.from(taught), 'estacionamento.txt');
    await waitForDocument(client, agent.id, (entry.body as { id: number }).id);
    expect((await ask('tem estacionamento?')).response).toBe('Sim, 10 vagas na frente da loja.');
  });
});
