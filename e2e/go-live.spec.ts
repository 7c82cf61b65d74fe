import { createAgentViaApi, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';

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
  await expect(dialog).toContainText('O plano Standard permite 1 agente');
  await expect(dialog.getByLabel('Nome do Agente')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Mudar de plano' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Configurações',
  );
});
