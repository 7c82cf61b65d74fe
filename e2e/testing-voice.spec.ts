import config from '../playwright.config';
import { ptText } from './catalogue';
import { expect, test } from './fixtures';

// Chromium's fake microphone (a generated tone) with the permission prompt answered "allow".
// launchOptions replace the project's, so its executable and base flags are carried over.
const base = config.projects?.[0]?.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

test('voice test: record, stop, send; offline mode answers with the 422 message', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const created = await page.context().request.post('/api/agents', {
    data: { name: 'Agente de Voz', systemPrompt: 'Você atende por voz.' },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(201);

  await page.goto('/dashboard');
  await page.locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Agente de Voz' }).click();

  const state = page.getByTestId('voice-state');
  await expect(state).toHaveText('Pronto para gravar');
  await page.getByRole('button', { name: 'Iniciar gravação' }).click();
  await expect(state).toHaveText('Gravando...');
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Parar gravação' }).click();
  await expect(state).toHaveText('Áudio pronto para enviar');
  await expect(page.getByTestId('recording-preview')).toBeVisible();

  await page.getByLabel('Responder com voz').check();
  const upload = page.waitForRequest((r) => r.url().endsWith('/multimedia/audio'));
  await page.getByRole('button', { name: 'Enviar áudio' }).click();
  const body = (await upload).postDataBuffer()!.toString('latin1');
  expect(body).toContain('name="audio"; filename="gravacao.webm"');
  expect(body).toContain('Content-Type: audio/webm');
  expect(body).toMatch(/name="voice_response"\r\n\r\ntrue/);

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Erro no processamento');
  await expect(toast).toContainText(ptText('errors', 'codes.VOICE_NEEDS_PROVIDER'));
  // Nothing was sent successfully, so the recording stays ready to try again.
  await expect(state).toHaveText('Áudio pronto para enviar');
});
