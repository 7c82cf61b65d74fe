import { createAgentViaApi, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import { expectFitsPhone, expectNoSeriousViolations, PHONE } from './screen-helpers';
import { getWebchatCode } from './webchat-host';
import { createInstanceViaApi } from './whatsapp-api';

/**
 * The first hour on the dashboard home: the go-live checklist says what is left and each button
 * does its step; a full plan is explained before any creation form.
 */
test('the checklist walks a new owner from a draft to an active, tested agent', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Padaria Pão Quente' });
  await page.goto('/dashboard');
  const checklist = page.getByTestId('go-live-checklist');
  await expect(checklist.getByRole('heading', { name: 'Coloque seu agente no ar' })).toBeVisible();
  await expect(checklist).toContainText('1 de 6 passos concluídos');
  await expect(checklist.getByTestId('checklist-subscription')).toHaveAttribute(
    'data-done',
    'true',
  );

  // Activation happens in place and names the next step.
  await checklist.getByRole('button', { name: 'Ativar agente' }).click();
  await expect(toast(page)).toContainText('Agente ativado');
  await expect(toast(page)).toContainText('Próximo passo: Informações do seu negócio');
  await expect(checklist).toContainText('2 de 6 passos concluídos');

  // Knowledge opens the editor on its tab.
  await checklist.getByRole('button', { name: 'Adicionar informações' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}/edit\\?tab=knowledge$`));
  await expect(page.getByRole('tab', { name: 'Base de Conhecimento' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goBack();

  // Testing opens the console on this agent; one answer marks the step done.
  await page.getByTestId('go-live-checklist').getByRole('button', { name: 'Testar agora' }).click();
  await page.getByRole('textbox', { name: /mensagem/i }).fill('Vocês abrem no domingo?');
  await page.getByRole('textbox', { name: /mensagem/i }).press('Enter');
  // the reply is stored when it is complete, labelled Offline (no provider on this install)
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await page.locator('[data-section="dashboard"]').click();
  await expect(page.getByTestId('checklist-tested')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('go-live-checklist')).toContainText('3 de 6 passos concluídos');
});

test('with the plan full, creating explains the limit and opens Settings instead of a form', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  await createAgentViaApi(page, baseURL!, { name: 'Salão Bela' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Criar Rápido' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(
    'Seu plano não tem espaço para outro agente',
  );
  await expect(dialog).toContainText('O plano Padrão permite 1 agente');
  await expect(dialog.getByLabel('Nome do Agente')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Mudar de plano' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Configurações',
  );
});

test('knowledge stays to do on template text alone, and Criar meu agente offers the templates', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  await page.goto('/dashboard');
  const checklist = page.getByTestId('go-live-checklist');

  // The checklist's creation opens the wizard, whose first step offers the templates.
  await checklist.getByRole('button', { name: 'Criar meu agente' }).click();
  const wizard = page.getByRole('dialog', { name: 'Assistente de criação' });
  await expect(wizard.getByText('Prefere começar de um modelo pronto?')).toBeVisible();
  await wizard.getByRole('button', { name: 'Padaria e Confeitaria' }).click();
  const quick = page.getByRole('dialog', { name: 'Criar novo agente' });
  await expect(quick.getByRole('heading', { name: 'Conte sobre o seu negócio' })).toBeVisible();
  // nothing filled in: the agent has the template's text only
  await quick.getByRole('button', { name: 'Continuar' }).click();
  await quick.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(toast(page)).toContainText('Agente criado');
  await expect(quick).toBeHidden();

  const knowledge = checklist.getByTestId('checklist-knowledge');
  await expect(knowledge).toHaveAttribute('data-done', 'false');
  await knowledge.getByRole('button', { name: 'Adicionar informações' }).click();
  await expect(page).toHaveURL(/\/agents\/\d+\/edit\?tab=knowledge$/);
  const text = page.getByRole('textbox', { name: 'Base de Conhecimento' });
  // a placeholder typed (or left from an older template) is named, and does not count
  await text.fill('Pão francês: R$ [valor] o quilo');
  await expect(page.getByTestId('placeholders-knowledgeBase')).toContainText('[valor]');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Agente atualizado' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('checklist-knowledge')).toHaveAttribute('data-done', 'false');

  await page
    .getByTestId('checklist-knowledge')
    .getByRole('button', { name: 'Adicionar informações' })
    .click();
  await text.fill('Pão francês: R$ 18,90 o quilo. Abrimos todos os dias, das 6h às 20h.');
  await expect(page.getByTestId('placeholders-knowledgeBase')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Agente atualizado' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('checklist-knowledge')).toHaveAttribute('data-done', 'true');
});

/** Every step but the widget, through the API: an active agent with knowledge, tested, on WhatsApp. */
async function allButTheWidget(page: Page, baseURL: string) {
  const request = page.context().request;
  const agent = await createAgentViaApi(page, baseURL, {
    name: 'Padaria Pão Quente',
    status: 'active',
    knowledgeBase: 'Abrimos de segunda a sábado, das 7h às 19h.',
  });
  const tested = await request.post(`/api/agents/${agent.id}/test`, {
    data: { message: 'Que horas vocês abrem?' },
    headers: { Origin: baseURL },
  });
  expect(tested.status(), await tested.text()).toBe(200);
  const line = await createInstanceViaApi(page, baseURL, agent.id, '5511955551234');
  const scanned = await request.post(`/simulator/evolution/_sim/${line.instanceName}/scan`, {
    data: {},
    headers: { Origin: baseURL },
  });
  expect(scanned.status(), await scanned.text()).toBe(200);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/agents/${agent.id}/whatsapp`);
      return ((await res.json()) as { status: string | null }).status;
    })
    .toBe('CONNECTED');
  return agent;
}

/** The widget loads on the owner's own site (the checklist's last step). */
async function widgetSeen(page: Page, agentId: number) {
  const { embedConfig } = await getWebchatCode(page.context().request, agentId);
  const seen = await page
    .context()
    .request.post(`/api/public/agents/${embedConfig.agentKey}/seen`, {
      data: '{}',
      headers: { Origin: 'https://www.paoquente.com.br', 'Content-Type': 'text/plain' },
    });
  expect(seen.status(), await seen.text()).toBe(204);
}

test('completing the checklist shows Seu agente está no ar! until the owner closes it, then never again', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await allButTheWidget(page, baseURL!);
  await page.goto('/dashboard');
  const checklist = page.getByTestId('go-live-checklist');
  await expect(checklist).toContainText('5 de 6 passos concluídos');
  const moment = page.getByRole('region', { name: 'Seu agente está no ar!' });
  await expect(moment).toHaveCount(0);

  // The widget loads on the owner's site: the last step.
  await widgetSeen(page, agent.id);
  await page.reload();
  await expect(moment.getByRole('heading', { name: 'Seu agente está no ar!' })).toBeVisible();
  await expect(moment).toContainText(
    'Padaria Pão Quente já responde seus clientes no WhatsApp e no chat do seu site',
  );
  await expect(moment.getByRole('listitem')).toHaveText([
    /Ver conversas/,
    /Compartilhar a página de agendamento/,
    /Pôr o chat em outras páginas/,
    /Ver perguntas sem resposta/,
  ]);
  await expect(checklist).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Seu agente está no ar!');
  // On a phone it fits, its title on the first screen.
  await page.setViewportSize(PHONE);
  await expectFitsPhone(
    page,
    moment.getByRole('heading', { name: 'Seu agente está no ar!' }),
    'Seu agente está no ar!',
  );

  await moment.getByRole('button', { name: 'Entendi' }).click();
  await expect(moment).toHaveCount(0);
  // Recorded for the owner: not back after a reload, nor with the browser's storage cleared.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.reload();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect
    .poll(async () => {
      const res = await page.context().request.get('/api/dashboard/checklist');
      return ((await res.json()) as { celebrated: boolean }).celebrated;
    })
    .toBe(true);
  await expect(moment).toHaveCount(0);
  await expect(checklist).toHaveCount(0);
});

test('following a next step of the moment opens it, and the moment does not come back', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await allButTheWidget(page, baseURL!);
  await widgetSeen(page, agent.id);
  await page.goto('/dashboard');
  const moment = page.getByRole('region', { name: 'Seu agente está no ar!' });
  await moment.getByRole('button', { name: 'Ver perguntas sem resposta' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Relatórios',
  );
  await expect
    .poll(async () => {
      const res = await page.context().request.get('/api/dashboard/checklist');
      return ((await res.json()) as { celebrated: boolean }).celebrated;
    })
    .toBe(true);
  // (the dashboard reopens on the section last shown: Relatórios)
  await page.reload();
  await page.locator('[data-section="dashboard"]').click();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(moment).toHaveCount(0);
});
