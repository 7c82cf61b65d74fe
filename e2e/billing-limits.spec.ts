import { createAgentViaApi } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';

test('a basico subscriber is stopped at the second agent with the upgrade message', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'basico');
  await createAgentViaApi(page, baseURL!, { name: 'Primeiro' });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Criar Rápido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar novo agente' });
  await dialog.getByRole('tab', { name: 'Básico' }).click();
  await dialog.getByLabel('Nome do Agente').fill('Segundo');
  await dialog.getByLabel('Instruções do agente').fill('Você atende os clientes.');
  await dialog.getByRole('button', { name: 'Criar Agente' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Falha na criação');
  await expect(toast).toContainText(
    'Seu plano Básico permite até 1 agente(s). Mude para um plano maior em Configurações › Assinatura para criar mais.',
  );
});
