import { createAgentViaApi, openSection, toast } from './agents-api';
import { ptText } from './catalogue';
import { expect, test } from './fixtures';

test('Evolution page: create with validation, configure, monitor and delete an instance', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Agente Loja' });
  await page.goto('/dashboard');
  await openSection(page, 'evolution');
  await expect(page.getByRole('tab', { name: 'Instâncias' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Nenhuma instância da Evolution')).toBeVisible();

  await page.getByRole('button', { name: 'Nova instância' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova instância da Evolution' });
  await expect(dialog.getByLabel('Chave de acesso')).toHaveAttribute('type', 'password');
  await dialog.getByLabel('Endereço da API Evolution').fill('ftp://gateway');
  await dialog.getByLabel('Dados extras da conexão (JSON, opcional)').fill('{"region": ');
  await dialog.getByRole('button', { name: 'Criar instância' }).click();
  await expect(dialog.getByText(ptText('errors', 'evolution.nameRequired'))).toBeVisible();
  await expect(dialog.getByText(ptText('errors', 'evolution.instanceIdRequired'))).toBeVisible();
  await expect(dialog.getByText(ptText('errors', 'evolution.urlInvalid'))).toBeVisible();
  await expect(dialog.getByText('JSON inválido')).toBeVisible();

  await dialog.getByLabel('Nome da instância').fill('Loja Centro');
  await dialog.getByLabel('Identificador da instância').fill('loja-centro');
  // A private address: the SSRF guard refuses it, so the webhook cannot be applied on Configure.
  await dialog.getByLabel('Endereço da API Evolution').fill('http://127.0.0.1:9');
  await dialog.getByLabel('Chave de acesso').fill('chave-secreta-1234');
  await dialog.getByRole('combobox', { name: 'Agente conectado (opcional)' }).click();
  await page.getByRole('option', { name: 'Agente Loja' }).click();
  await dialog.getByLabel('Mensagem recebida').check();
  await dialog.getByLabel('Dados extras da conexão (JSON, opcional)').fill('{"region": "sp"}');
  await dialog.getByRole('button', { name: 'Criar instância' }).click();
  await expect(toast(page)).toContainText('Instância da Evolution criada');
  await expect(toast(page)).toContainText('Sua instância da API Evolution foi criada com sucesso.');
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('evolution-instance-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Loja Centro');
  await expect(card).toContainText('loja-centro');
  await expect(card).toContainText('http://127.0.0.1:9');
  await expect(card).toContainText('Agente Loja');
  await expect(card).toContainText('Nunca');
  await expect(card).not.toContainText('chave-secreta-1234');

  // Configure: pre-filled, the stored key kept when left empty.
  await card.getByRole('button', { name: 'Configurar' }).click();
  const edit = page.getByRole('dialog', { name: 'Configurar instância da Evolution' });
  await expect(edit.getByLabel('Nome da instância')).toHaveValue('Loja Centro');
  await expect(edit.getByLabel('Chave de acesso')).toHaveValue('');
  await expect(
    edit.getByText('Há uma chave salva terminada em 1234. Deixe em branco para mantê-la.'),
  ).toBeVisible();
  await expect(edit.getByLabel('Mensagem recebida')).toBeChecked();
  await expect(edit.getByLabel('Dados extras da conexão (JSON, opcional)')).toHaveValue(
    /"region": "sp"/,
  );
  await edit.getByLabel('Nome da instância').fill('Loja Centro 2');
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(toast(page)).toContainText('Salvo, mas os avisos não foram configurados');
  await expect(card).toContainText('Loja Centro 2');

  await card.getByRole('button', { name: 'Acompanhar' }).click();
  const monitor = page.getByTestId('evolution-monitor');
  await expect(monitor.getByTestId('monitor-state')).toHaveText('Desconhecida');
  await expect(monitor.getByTestId('error-alert')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Acompanhamento' }).click();
  await expect(page.getByTestId('monitoring-total')).toContainText('1');
  await page.getByRole('tab', { name: 'Instâncias' }).click();

  page.once('dialog', (confirm) => void confirm.accept());
  await card.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page)).toContainText('Instância excluída');
  await expect(page.getByText('Nenhuma instância da Evolution')).toBeVisible();
});

test('Evolution Webhooks tab saves the defaults new instances start from', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  await openSection(page, 'evolution');
  await page.getByRole('tab', { name: 'Avisos (webhooks)' }).click();
  const url = page.getByLabel('Endereço padrão dos avisos');
  await url.fill('not a url');
  await page.getByRole('button', { name: 'Salvar configuração dos avisos' }).click();
  await expect(page.getByText(ptText('errors', 'evolution.urlInvalid'))).toBeVisible();

  await url.fill('https://hooks.example.com/whatsapp');
  await page.getByLabel('Mensagem recebida').check();
  await page.getByLabel('QR Code atualizado').check();
  await page.getByRole('button', { name: 'Salvar configuração dos avisos' }).click();
  await expect(toast(page)).toContainText('Configuração dos avisos salva');

  await page.getByRole('tab', { name: 'Instâncias' }).click();
  await page.getByRole('button', { name: 'Nova instância' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova instância da Evolution' });
  await expect(dialog.getByLabel('Endereço dos avisos (webhook)')).toHaveValue(
    'https://hooks.example.com/whatsapp',
  );
  await expect(dialog.getByLabel('Mensagem recebida')).toBeChecked();
  await expect(dialog.getByLabel('QR Code atualizado')).toBeChecked();
  await expect(dialog.getByLabel('Mensagem enviada')).not.toBeChecked();
});
