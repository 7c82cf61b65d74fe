import { createAgentViaApi, openSection, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations } from './screen-helpers';
import { getWebchatCode } from './webchat-host';

/**
 * 'Perguntas sem resposta', end to end with the offline provider: a website visitor
 * asks what the agent's knowledge does not cover; the question shows up in the Reports section;
 * the owner answers it with 'Responder e ensinar'; the agent then answers the same question in
 * the test chat, citing the new entry. A question asked in the test chat shows up too,
 * as asked in a test and with no conversation to open.
 */
const QUESTION = 'Vocês aceitam pix?';
const ANSWER = 'Sim, aceitamos Pix e cartão de crédito.';

async function visitorAsks(page: Page, baseURL: string, agentKey: string, message: string) {
  const res = await page.context().request.post(`/api/public/agents/${agentKey}/chat`, {
    data: { visitorId: 'visitor-unanswered-0123456789', message },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { response: string }).response;
}

test('an unanswered question is answered with Responder e ensinar, and the agent then answers it citing the new entry', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
    knowledgeBase: 'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
  });
  const { embedConfig } = await getWebchatCode(page.context().request, agent.id);
  expect(await visitorAsks(page, baseURL!, embedConfig.agentKey, QUESTION)).toContain(
    'Não tenho essa informação',
  );

  await page.goto('/dashboard');
  await openSection(page, 'analytics');
  const region = page.getByRole('region', { name: 'Perguntas sem resposta' });
  const group = region.getByTestId('unanswered-group').filter({ hasText: QUESTION });
  await expect(group).toContainText('Perguntada 1 vez');
  await expect(group).toContainText('Agente: Padaria Pão Quente');
  await expect(group).toContainText('Não está no conhecimento');
  await expectNoSeriousViolations(page, 'Perguntas sem resposta');

  // The example conversation opens in Conversas.
  await group.getByRole('button', { name: 'Abrir a conversa 1 desta pergunta' }).click();
  // (the inbox's code loads with it: on a busy machine, a while)
  await expect(page.getByTestId('inbox-conversation')).toContainText(QUESTION, {
    timeout: 30_000,
  });
  await openSection(page, 'analytics');

  await group.getByRole('button', { name: 'Responder e ensinar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Responder e ensinar' });
  await expect(dialog).toContainText(QUESTION);
  await dialog.getByRole('button', { name: 'Salvar e ensinar' }).click();
  await expect(dialog).toContainText('Escreva a resposta.');
  await dialog.getByLabel('Sua resposta').fill(ANSWER);
  await dialog.getByRole('button', { name: 'Salvar e ensinar' }).click();
  await expect(toast(page).filter({ hasText: 'O agente já sabe responder' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(region.getByTestId('unanswered-group')).toHaveCount(0);
  await expect(region).toContainText('Nenhuma pergunta sem resposta');

  // The test chat answers from the new entry, and shows it as the source.
  await page.locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
  const composer = page.getByRole('textbox', { name: 'Mensagem para o agente' });
  await composer.fill(QUESTION);
  await composer.press('Enter');
  await expect(page.getByRole('log')).toHaveAttribute('aria-busy', 'false');
  const reply = page.getByTestId('chat-message').last();
  await expect(reply.getByTestId('chat-message-text')).toContainText(ANSWER);
  await expect(reply.getByTestId('citations')).toContainText(`Pergunta: ${QUESTION}`);
});

test('a question the agent could not answer in the test chat shows up as asked in a test, with no conversation link, and is taught from there', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
    knowledgeBase: 'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
  });
  await page.goto('/dashboard');
  await page.locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
  const composer = page.getByRole('textbox', { name: 'Mensagem para o agente' });
  await composer.fill(QUESTION);
  await composer.press('Enter');
  await expect(page.getByRole('log')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('chat-message').last()).toContainText('Não tenho essa informação');

  await openSection(page, 'analytics');
  const region = page.getByRole('region', { name: 'Perguntas sem resposta' });
  const group = region.getByTestId('unanswered-group').filter({ hasText: QUESTION });
  await expect(group).toContainText('Perguntada 1 vez');
  await expect(group.getByTestId('unanswered-origin-test')).toHaveText('Perguntada no teste');
  await expect(group.getByRole('button', { name: /Abrir a conversa/ })).toHaveCount(0);
  await expect(group).not.toContainText('Conversas:');
  await expectNoSeriousViolations(page, 'Perguntas sem resposta');

  await group.getByRole('button', { name: 'Responder e ensinar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Responder e ensinar' });
  await expect(dialog).toContainText('Pergunta feita no teste');
  await dialog.getByLabel('Sua resposta').fill(ANSWER);
  await dialog.getByRole('button', { name: 'Salvar e ensinar' }).click();
  await expect(toast(page).filter({ hasText: 'O agente já sabe responder' })).toBeVisible();
  await expect(region.getByTestId('unanswered-group')).toHaveCount(0);
});
