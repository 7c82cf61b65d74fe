import { createAgentViaApi, openSection, toast } from './agents-api';
import { expect, test } from './fixtures';
import { chooseAgent, createInstanceViaApi } from './whatsapp-api';

test('test tool: disabled without an agent, Instância não encontrada, then a logged test', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Sem WhatsApp' });
  const withInstance = await createAgentViaApi(page, baseURL!, { name: 'Com WhatsApp' });
  await createInstanceViaApi(page, baseURL!, withInstance.id);

  await page.goto('/dashboard');
  await openSection(page, 'whatsapp-test');
  const section = page.getByTestId('whatsapp-test-section');
  for (const name of ['Testar instância', 'Testar recebimento (webhook)', 'Teste completo']) {
    await expect(section.getByRole('button', { name })).toBeDisabled();
  }
  await expect(section.getByLabel('Número de telefone')).toHaveValue('11999999999');
  await expect(section.getByLabel('Número de telefone')).toHaveAttribute('maxlength', '15');

  await chooseAgent(page, 'Sem WhatsApp');
  await section.getByRole('button', { name: 'Testar instância' }).click();
  await expect(toast(page)).toContainText('Instância não encontrada');
  await expect(page.getByTestId('test-log-entry')).toHaveCount(0);

  await chooseAgent(page, 'Com WhatsApp');
  await section.getByRole('button', { name: 'Testar instância' }).click();
  const entry = page.getByTestId('test-log-entry').first();
  await expect(entry).toHaveAttribute('data-status', 'success');
  await expect(entry).toContainText('Situação da instância');
  await expect(entry).toContainText('AWAITING_QR_SCAN');

  await section.getByRole('button', { name: 'Testar recebimento (webhook)' }).click();
  await expect(page.getByTestId('test-log-entry').first()).toContainText(
    'Recebimento: mensagem recebida',
  );
  await expect(page.getByTestId('test-log-entry').first()).toHaveAttribute(
    'data-status',
    'success',
  );

  // Full sequence: status, then the message after 1.5 s, then the connection-open event.
  await section.getByRole('button', { name: 'Teste completo' }).click();
  const entries = page.getByTestId('test-log-entry');
  await expect(entries).toHaveCount(5, { timeout: 10_000 });
  await expect(entries.first()).toContainText('Recebimento: conexão aberta');
  await expect(entries.first()).toHaveAttribute('data-status', 'success');
  await expect(entries.nth(1)).toContainText('Recebimento: mensagem recebida');
  await expect(entries.nth(2)).toContainText('Situação da instância');
  await expect(page.locator('[data-testid="test-log-entry"][data-status="success"]')).toHaveCount(
    5,
  );

  await page.getByRole('button', { name: 'Limpar resultados' }).click();
  await expect(toast(page)).toContainText('Resultados apagados');
  await expect(page.getByTestId('test-log-entry')).toHaveCount(0);
});
