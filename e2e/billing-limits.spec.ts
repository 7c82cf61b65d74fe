import { createAgentViaApi } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';

/**
 * A full plan is explained before any form: the server's refusal (PLAN_AGENT_LIMIT, covered by the
 * integration tests) is never the first the owner hears of it.
 */
test('a basico subscriber with an agent is told of the limit on Usar modelo, before any form', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'basico');
  await createAgentViaApi(page, baseURL!, { name: 'Primeiro' });

  await page.goto('/dashboard');
  await page.locator('[data-section="templates"]').click();
  await page.getByRole('button', { name: 'Usar modelo' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(
    'Seu plano não tem espaço para outro agente',
  );
  await expect(dialog).toContainText('O plano Básico permite 1 agente, e você já tem esse agente.');
  await expect(page.getByRole('dialog', { name: 'Criar novo agente' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Agora não' }).click();
  await expect(dialog).toBeHidden();
});
