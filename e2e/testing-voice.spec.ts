import { ptText } from './catalogue';
import { expect, test } from './fixtures';

// Chromium's fake microphone (a generated tone) with the permission prompt answered "allow": the
// flags are in playwright.config.ts, for every worker.

test('voice test: record, stop, send; offline mode answers with the 422 message', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const created = await page.context().request.post('/api/agents', {
    data: { name: 'Agente de Voz', systemPrompt: 'Você atende por voz.' },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(201);

  // Chromium does not hand multipart bodies with files to Playwright, so the page itself notes
  // what it asked the microphone for and what it uploaded.
  await page.addInitScript(() => {
    const w = window as any;
    w.__constraints = [];
    w.__uploads = [];
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) => {
      w.__constraints.push(constraints);
      return getUserMedia(constraints);
    };
    const fetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (init?.body instanceof FormData) {
        const fields: Record<string, unknown> = {};
        for (const [key, value] of init.body.entries()) {
          fields[key] =
            typeof value === 'string'
              ? value
              : {
                  name: value.name,
                  type: value.type,
                  size: value.size,
                  head: [...new Uint8Array(await value.slice(0, 4).arrayBuffer())],
                };
        }
        w.__uploads.push(fields);
      }
      return fetch(input, init);
    };
  });
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

  const voiceCard = page.getByRole('region', { name: 'Teste de voz' });
  await voiceCard.getByLabel('Responder com voz').check();
  const upload = page.waitForRequest((r) => r.url().endsWith('/multimedia/audio'));
  await page.getByRole('button', { name: 'Enviar áudio' }).click();
  expect(await (await upload).headerValue('content-type')).toMatch(/^multipart\/form-data/);
  expect(await page.evaluate(() => (window as any).__constraints)).toEqual([
    {
      audio: { sampleRate: 16000, channelCount: 1, echoCancellation: true, noiseSuppression: true },
    },
  ]);
  const [fields] = await page.evaluate(() => (window as any).__uploads);
  expect(fields.voice_response).toBe('true');
  expect(fields.audio).toMatchObject({ name: 'gravacao.webm', type: 'audio/webm' });
  expect(fields.audio.size).toBeGreaterThan(100);
  // A WebM (EBML) file, as MediaRecorder recorded it.
  expect(fields.audio.head).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Erro no processamento');
  await expect(toast).toContainText(ptText('errors', 'codes.VOICE_NEEDS_PROVIDER'));
  // Nothing was sent successfully, so the recording stays ready to try again.
  await expect(state).toHaveText('Áudio pronto para enviar');
});
