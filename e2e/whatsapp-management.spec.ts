import { createAgentViaApi, openSection, toast } from './agents-api';
import { expect, test } from './fixtures';
import { countApiRequests } from './requests';
import { expectFitsPhone, expectNoSeriousViolations, PHONE } from './screen-helpers';
import { createInstanceViaApi, getInstanceViaApi } from './whatsapp-api';

test('management page: create an instance, see the awaiting panel with real figures, delete it', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Loja Azul' });
  await page.goto('/dashboard');
  await openSection(page, 'whatsapp-instances');
  // The owner's only agent is already chosen: nothing to pick.
  await expect(page.getByTestId('whatsapp-agent-select')).toContainText('Loja Azul');
  await expect(page.getByText('Escolha um agente', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Nenhuma instância WhatsApp')).toBeVisible();
  await expect(page.getByTestId('simulator-link')).toHaveAttribute('href', '/simulator');

  await page.getByRole('button', { name: 'Criar Instância WhatsApp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar instância WhatsApp' });
  const create = dialog.getByRole('button', { name: 'Criar Instância' });
  // The server's own schema, in the browser: each mistake said under the field, nothing sent.
  const requests = countApiRequests(page);
  const phone = dialog.getByLabel('Número do WhatsApp');
  await create.click();
  await expect(phone).toHaveAccessibleDescription('Número de telefone é obrigatório');
  await phone.fill('(11) 9abc');
  await create.click();
  await expect(phone).toHaveAccessibleDescription(
    'Use só números no telefone (espaços, parênteses, + e - podem ficar)',
  );
  await phone.fill('11-999');
  await create.click();
  await expect(phone).toHaveAccessibleDescription(
    'Número de telefone deve ter pelo menos 10 dígitos',
  );
  await expect(dialog.getByText('Número de telefone deve ter pelo menos 10 dígitos')).toHaveCount(
    1,
  );
  expect(requests('POST', /\/create-instance$/)).toBe(0);
  await expect(toast(page)).toHaveCount(0);

  await dialog.getByLabel('Número do WhatsApp').fill('5511944443333');
  await create.click();
  await expect(toast(page)).toContainText('Instância WhatsApp criada');
  // The QR dialog opens after creation when a code came back.
  const qrDialog = page.getByRole('dialog', { name: 'Escaneie o QR Code' });
  await expect(qrDialog.getByRole('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await qrDialog.getByRole('button', { name: /close|fechar/i }).click();

  await expect(page.getByTestId('whatsapp-panel-message')).toContainText('Pronto para Configurar');
  await expect(page.getByTestId('whatsapp-status')).toHaveText('Aguardando leitura do QR Code');
  await expect(page.getByTestId('quality-meter')).toHaveAttribute('data-quality', 'unknown');
  await expect(page.getByTestId('whatsapp-qr-card').getByRole('img')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar Monitoramento' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar QR Code' })).toHaveCount(0);
  // Real figures: nothing happened yet today except the connection events of the creation.
  const stats = page.getByTestId('whatsapp-stats');
  await expect(stats.locator('[data-figure="in"] dd')).toHaveText('0');
  await expect(stats.locator('[data-figure="out"] dd')).toHaveText('0');
  await expect(stats.locator('[data-figure="reply"] dd')).toHaveText('—');
  await expect(stats.locator('[data-figure="uptime"] dd')).toHaveText('Desconectado');
  await expect(page.getByTestId('conversations-card')).toContainText('Nenhuma conversa ainda');

  await page.getByRole('button', { name: 'Atualizar situação' }).click();
  await expect(toast(page)).toContainText('Situação atualizada');

  await page.getByRole('button', { name: 'Iniciar Monitoramento' }).click();
  await expect(toast(page)).toContainText('Monitoramento ativado');

  const asked: string[] = [];
  page.once('dialog', (confirm) => {
    asked.push(confirm.message());
    void confirm.accept();
  });
  await page.getByRole('button', { name: 'Remover Instância' }).click();
  await expect(toast(page)).toContainText('Instância removida');
  expect(asked).toEqual(['Tem certeza que deseja remover esta instância WhatsApp?']);
  await expect(page.getByText('Nenhuma instância WhatsApp')).toBeVisible();
});

test('editor card: phone required, the QR toggle, remove without asking and cleanup', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Clínica Sorriso' });
  await page.goto(`/agents/${agent.id}/edit`);
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  const card = page.getByTestId('editor-whatsapp-card');
  const phone = card.getByLabel('Número do WhatsApp');
  await phone.focus();
  await phone.blur();
  await expect(card.getByText('Número de telefone é obrigatório')).toBeVisible();
  await phone.fill('5511933332222');
  await expect(card.getByText('Número de telefone é obrigatório')).toHaveCount(0);
  await phone.press('Enter');
  await expect(toast(page)).toContainText('Instância criada');
  // Enter created the instance; it did not save the agent form around it.
  await expect(page.getByTestId('unsaved')).toHaveCount(0);

  await expect(page.getByTestId('editor-qr-area')).toBeVisible();
  await card.getByRole('button', { name: 'Ocultar QR Code' }).click();
  await expect(page.getByTestId('editor-qr-area')).toHaveCount(0);
  await card.getByRole('button', { name: 'Gerar QR Code' }).click();
  await expect(toast(page)).toContainText('QR Code atualizado');
  await expect(page.getByTestId('editor-qr-area')).toBeVisible();

  await card.getByRole('button', { name: 'Verificar situação' }).click();
  await expect(toast(page)).toContainText('Situação atualizada');
  // The integrator's tool, folded under Avançado.
  await expect(card.getByRole('button', { name: 'Ativar Monitoramento' })).toBeHidden();
  await card.getByText('Avançado', { exact: true }).click();
  await card.getByRole('button', { name: 'Ativar Monitoramento' }).click();
  await expect(toast(page)).toContainText('Monitoramento ativado');

  // The troubleshooting remove does not ask.
  let asked = false;
  page.once('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await page.getByTestId('whatsapp-remove-now').click();
  await expect(toast(page)).toContainText('Instância removida');
  expect(asked).toBe(false);
  await expect(card.getByRole('button', { name: 'Criar Instância WhatsApp' })).toBeVisible();
  expect((await getInstanceViaApi(page, agent.id)).hasInstance).toBe(false);
});

test('editor card: deleting an instance already gone says Limpeza concluída', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Pet Feliz' });
  await createInstanceViaApi(page, baseURL!, agent.id);
  await page.goto(`/agents/${agent.id}/edit`);
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await expect(page.getByTestId('editor-whatsapp-status')).toHaveText('Aguardando');
  // Removed elsewhere (another tab) while this page still shows it.
  const response = await page.context().request.delete(`/api/agents/${agent.id}/whatsapp`, {
    headers: { Origin: baseURL! },
  });
  expect(response.status()).toBe(200);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('whatsapp-remove-confirm').click();
  await expect(toast(page)).toContainText('Limpeza concluída');
});

test('editor: the WhatsApp behaviour settings validate and save', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Doceria' });
  await page.goto(`/agents/${agent.id}/edit`);
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  const form = page.getByTestId('whatsapp-settings-card');
  const minutes = form.getByLabel('Pausa quando você responde (minutos)');
  await expect(minutes).toHaveValue('30');
  await expect(form.getByLabel('Esperar o cliente terminar de digitar (segundos)')).toHaveValue(
    '4',
  );
  await minutes.fill('0');
  await form.getByRole('button', { name: 'Salvar configurações do WhatsApp' }).click();
  await expect(
    form.getByText('Informe um número inteiro de minutos entre 1 e 1440.'),
  ).toBeVisible();

  await minutes.fill('45');
  await form.getByLabel('Palavras para pausar o robô').fill('#pausar, atendente');
  await form.getByLabel('Responder em grupos').check();
  const voice = form.getByRole('combobox', { name: 'Responder em áudio' });
  await expect(voice).toHaveText('Nunca (sempre texto)');
  await voice.click();
  await page.getByRole('option', { name: 'Sempre em áudio' }).click();
  await expect(voice).toHaveText('Sempre em áudio');
  await form
    .getByLabel('Resposta para mensagens que o robô não entende')
    .fill('Só leio texto e áudio.');
  await form.getByRole('button', { name: 'Salvar configurações do WhatsApp' }).click();
  await expect(toast(page)).toContainText('Configurações do WhatsApp salvas');

  const saved = await page.context().request.get(`/api/agents/${agent.id}/whatsapp/settings`);
  expect(await saved.json()).toMatchObject({
    takeoverMinutes: 45,
    pauseKeywords: ['#pausar', 'atendente'],
    allowGroups: true,
    voiceReply: 'always',
    unsupportedMessage: 'Só leio texto e áudio.',
  });
});

test("the owner's WhatsApp section shows each agent's number and state and how to connect one; the gateway's tooling is under Avançado", async ({
  signedInPage: { page },
  baseURL,
}) => {
  const withNumber = await createAgentViaApi(page, baseURL!, { name: 'Loja Azul' });
  const without = await createAgentViaApi(page, baseURL!, { name: 'Loja Verde' });
  await createInstanceViaApi(page, baseURL!, withNumber.id, '5511944443333');
  await page.goto('/dashboard/whatsapp');
  const overview = page.getByTestId('whatsapp-overview');
  const row = (id: number) =>
    overview.locator(`[data-testid="whatsapp-overview-agent"][data-agent="${id}"]`);
  await expect(row(withNumber.id)).toContainText('Loja Azul');
  await expect(row(withNumber.id)).toContainText('+55 11 94444-3333');
  await expect(row(withNumber.id).getByTestId('whatsapp-status')).toHaveText(
    'Aguardando leitura do QR Code',
  );
  await expect(row(without.id)).toContainText('Nenhum número conectado');
  await expect(row(without.id).getByTestId('whatsapp-status')).toHaveCount(0);
  for (const agent of [withNumber, without]) {
    await expect(row(agent.id).getByRole('link', { name: 'Conectar WhatsApp' })).toHaveAttribute(
      'href',
      `/agents/${agent.id}/edit?tab=whatsapp`,
    );
  }
  await expect(overview).toContainText('Como conectar um número');
  await expectNoSeriousViolations(page, 'the owner WhatsApp section');
  // No gateway tooling here.
  for (const name of ['Criar Instância WhatsApp', 'Iniciar Monitoramento', 'Atualizar situação'])
    await expect(page.getByRole('main').getByRole('button', { name })).toHaveCount(0);

  await overview.getByRole('link', { name: 'Avançado' }).click();
  await expect(page).toHaveURL(/\/dashboard\/avancado\/instancias-whatsapp$/);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Gerenciar WhatsApp',
  );
  await page.goBack();
  await row(without.id).getByRole('link', { name: 'Conectar WhatsApp' }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${without.id}/edit\\?tab=whatsapp$`));
  await expect(page.getByTestId('editor-whatsapp-card')).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/whatsapp');
  await expectFitsPhone(
    page,
    row(without.id).getByRole('link', { name: 'Conectar WhatsApp' }),
    'whatsapp-overview',
  );
});
