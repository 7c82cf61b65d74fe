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
  await expect(page.getByRole('tab', { name: 'Instances' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('No Evolution instances')).toBeVisible();

  await page.getByRole('button', { name: 'New Instance' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Evolution Instance' });
  await expect(dialog.getByLabel('API Key')).toHaveAttribute('type', 'password');
  await dialog.getByLabel('Evolution API URL').fill('ftp://gateway');
  await dialog.getByLabel('Additional Connection Data (JSON, optional)').fill('{"region": ');
  await dialog.getByRole('button', { name: 'Create Instance' }).click();
  await expect(dialog.getByText(ptText('errors', 'evolution.nameRequired'))).toBeVisible();
  await expect(dialog.getByText(ptText('errors', 'evolution.instanceIdRequired'))).toBeVisible();
  await expect(dialog.getByText(ptText('errors', 'evolution.urlInvalid'))).toBeVisible();
  await expect(dialog.getByText('Invalid JSON')).toBeVisible();

  await dialog.getByLabel('Instance Name').fill('Loja Centro');
  await dialog.getByLabel('Instance ID').fill('loja-centro');
  // A private address: the SSRF guard refuses it, so the webhook cannot be applied on Configure.
  await dialog.getByLabel('Evolution API URL').fill('http://127.0.0.1:9');
  await dialog.getByLabel('API Key').fill('chave-secreta-1234');
  await dialog.getByRole('combobox', { name: 'Connected Agent (optional)' }).click();
  await page.getByRole('option', { name: 'Agente Loja' }).click();
  await dialog.getByLabel('Message Received').check();
  await dialog.getByLabel('Additional Connection Data (JSON, optional)').fill('{"region": "sp"}');
  await dialog.getByRole('button', { name: 'Create Instance' }).click();
  await expect(toast(page)).toContainText('Evolution instance created');
  await expect(toast(page)).toContainText(
    'Your Evolution API instance has been successfully created.',
  );
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('evolution-instance-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Loja Centro');
  await expect(card).toContainText('loja-centro');
  await expect(card).toContainText('http://127.0.0.1:9');
  await expect(card).toContainText('Agente Loja');
  await expect(card).toContainText('Never');
  await expect(card).not.toContainText('chave-secreta-1234');

  // Configure: pre-filled, the stored key kept when left empty.
  await card.getByRole('button', { name: 'Configure' }).click();
  const edit = page.getByRole('dialog', { name: 'Configure Evolution Instance' });
  await expect(edit.getByLabel('Instance Name')).toHaveValue('Loja Centro');
  await expect(edit.getByLabel('API Key')).toHaveValue('');
  await expect(
    edit.getByText('A key ending in 1234 is stored. Leave empty to keep it.'),
  ).toBeVisible();
  await expect(edit.getByLabel('Message Received')).toBeChecked();
  await expect(edit.getByLabel('Additional Connection Data (JSON, optional)')).toHaveValue(
    /"region": "sp"/,
  );
  await edit.getByLabel('Instance Name').fill('Loja Centro 2');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Saved, but the webhook was not applied');
  await expect(card).toContainText('Loja Centro 2');

  await card.getByRole('button', { name: 'Monitor' }).click();
  const monitor = page.getByTestId('evolution-monitor');
  await expect(monitor.getByTestId('monitor-state')).toHaveText('Unknown');
  await expect(monitor.getByTestId('error-alert')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Monitoring' }).click();
  await expect(page.getByTestId('monitoring-total')).toContainText('1');
  await page.getByRole('tab', { name: 'Instances' }).click();

  page.once('dialog', (confirm) => void confirm.accept());
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Instance deleted');
  await expect(page.getByText('No Evolution instances')).toBeVisible();
});

test('Evolution Webhooks tab saves the defaults new instances start from', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  await openSection(page, 'evolution');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  const url = page.getByLabel('Default Webhook URL');
  await url.fill('not a url');
  await page.getByRole('button', { name: 'Save Webhook Settings' }).click();
  await expect(page.getByText(ptText('errors', 'evolution.urlInvalid'))).toBeVisible();

  await url.fill('https://hooks.example.com/whatsapp');
  await page.getByLabel('Message Received').check();
  await page.getByLabel('QR Code Update').check();
  await page.getByRole('button', { name: 'Save Webhook Settings' }).click();
  await expect(toast(page)).toContainText('Webhook settings saved');

  await page.getByRole('tab', { name: 'Instances' }).click();
  await page.getByRole('button', { name: 'New Instance' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Evolution Instance' });
  await expect(dialog.getByLabel('Webhook URL')).toHaveValue('https://hooks.example.com/whatsapp');
  await expect(dialog.getByLabel('Message Received')).toBeChecked();
  await expect(dialog.getByLabel('QR Code Update')).toBeChecked();
  await expect(dialog.getByLabel('Message Sent')).not.toBeChecked();
});
