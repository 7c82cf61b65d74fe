import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { BROKEN_MULTIPART } from '../../test/hostile-inputs';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let withProvider: TestApp;
let offline: TestApp;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  withProvider = await startTestApp({
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url },
  });
  offline = await startTestApp();
});
afterAll(async () => {
  await withProvider.close();
  await offline.close();
  await fake.close();
});

const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(512, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(256, 1),
]);

function form(
  field: string,
  data: Buffer,
  name: string,
  type: string,
  extra: Record<string, string> = {},
) {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(data)], { type }), name);
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
}

async function agentOn(t: TestApp) {
  const owner = await signedInClient(t.baseUrl);
  const agent = (
    await owner.client.post('/api/agents', {
      name: 'Loja',
      systemPrompt: 'Você atende a loja.',
      model: 'gpt-4o-mini',
    })
  ).body;
  return { ...owner, agent };
}

describe('POST /api/agents/{id}/multimedia/audio', () => {
  it('transcribes, answers through the runtime and speaks the reply when asked', async () => {
    const { client, agent } = await agentOn(withProvider);
    fake.transcript = 'Vocês abrem no domingo?';
    const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/audio`, {
      body: form('audio', WEBM, 'gravacao.webm', 'audio/webm', { voice_response: 'true' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.transcript).toBe('Vocês abrem no domingo?');
    expect(res.body.response).toBe('eco: Vocês abrem no domingo?');
    expect(Buffer.from(res.body.audioResponse, 'base64').toString()).toBe('ID3-fake-mp3-bytes');
    expect(fake.requests.some((r) => r.path === '/v1/audio/transcriptions')).toBe(true);
    expect(fake.requests.some((r) => r.path === '/v1/audio/speech')).toBe(true);
  });

  it('does not synthesise speech unless voice_response is true', async () => {
    const { client, agent } = await agentOn(withProvider);
    const before = fake.requests.filter((r) => r.path === '/v1/audio/speech').length;
    const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/audio`, {
      body: form('audio', WEBM, 'a.webm', 'audio/webm', { voice_response: 'false' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.audioResponse).toBeNull();
    expect(fake.requests.filter((r) => r.path === '/v1/audio/speech').length).toBe(before);
  });

  it('refuses something that is not audio, whatever it is called', async () => {
    const { client, agent } = await agentOn(withProvider);
    const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/audio`, {
      body: form('audio', Buffer.from('isto é texto'), 'fake.webm', 'audio/webm'),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('AUDIO_INVALID');
  });

  it('answers 422 in offline mode, saying voice needs a configured provider', async () => {
    const { client, agent } = await agentOn(offline);
    const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/audio`, {
      body: form('audio', WEBM, 'a.webm', 'audio/webm'),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VOICE_NEEDS_PROVIDER');
    expect(res.body.message).toMatch(/precisa de um provedor de IA configurado/);
  });
});

describe('POST /api/agents/{id}/multimedia/image', () => {
  it('sends the image to the model as a vision turn', async () => {
    const { client, agent } = await agentOn(withProvider);
    const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/image`, {
      body: form('image', PNG, 'foto.png', 'image/png', { voice_response: 'false' }),
    });
    expect(res.status).toBe(200);
    const request = fake.chatRequests.at(-1)!;
    const content = request.messages.at(-1)!.content as {
      type: string;
      image_url?: { url: string };
    }[];
    const image = content.find((p) => p.type === 'image_url')!;
    expect(image.image_url!.url).toMatch(/^data:image\/png;base64,/);
    expect(res.body.response).toContain('eco:');
  });

  it('refuses a non-image with the image-only message', async () => {
    const { client, agent } = await agentOn(withProvider);
    const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/image`, {
      body: form('image', Buffer.from('%PDF-1.7 not an image'), 'foto.png', 'image/png'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'IMAGE_ONLY',
      message: 'Só é possível enviar imagens',
    });
  });

  it('refuses an image over the size limit with 413', async () => {
    const { client, agent } = await agentOn(withProvider);
    const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/image`, {
      body: form('image', big, 'grande.png', 'image/png'),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('is owner-scoped', async () => {
    const { agent } = await agentOn(withProvider);
    const other = await signedInClient(withProvider.baseUrl);
    const res = await other.client.request('POST', `/api/agents/${agent.id}/multimedia/image`, {
      body: form('image', PNG, 'foto.png', 'image/png'),
    });
    expect(res.status).toBe(404);
  });
});

describe('a multipart body the parser cannot read', () => {
  it('is a 400 with a pt-BR message on the audio and image tests, and no model call', async () => {
    const { client, agent } = await agentOn(withProvider);
    const calls = fake.requests.length;
    for (const kind of ['audio', 'image']) {
      for (const c of BROKEN_MULTIPART) {
        const res = await client.request('POST', `/api/agents/${agent.id}/multimedia/${kind}`, {
          headers: { 'content-type': c.contentType! },
          body: c.body!,
        });
        expect(res.status, `${kind} ${c.label}`).toBe(400);
        expect(res.body.code).toBe('BAD_MULTIPART');
        expect(res.body.message).toMatch(/^Não foi possível ler o arquivo enviado/);
      }
    }
    expect(fake.requests.length).toBe(calls);
  });
});
