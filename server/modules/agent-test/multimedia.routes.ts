import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { synthesizeSpeech, transcribeAudio } from '../../adapters/llm/language-model';
import { AppError } from '../../lib/errors';
import { readingMultipart } from '../../lib/multipart';
import { parseId } from '../../lib/params';
import { sniffAudio, sniffImage } from '../../lib/sniff';
import { requireUserId } from '../auth';
import { getAgent } from '../agents';
import { resolveProvider } from '../providers';
import { providerError } from '../runtime';
import { testReply } from './agent-test.service';
import { toTestReply } from './agent-test.routes';

type IdParams = { Params: { id: string } };

export const AUDIO_LIMIT_BYTES = 25 * 1024 * 1024;
export const IMAGE_LIMIT_BYTES = 10 * 1024 * 1024;
const DEFAULT_IMAGE_PROMPT = 'Analise esta imagem e responda de acordo com o seu papel.';

interface MultipartInput {
  file: { data: Buffer; part: MultipartFile } | null;
  fields: Record<string, string>;
}

/** Reads one file field and the text fields, whatever their order in the form. */
async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  limit: number,
): Promise<MultipartInput> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const out: MultipartInput = { file: null, fields: {} };
  await readingMultipart(async () => {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === fileField) out.file = { data, part };
      } else if (typeof part.value === 'string') {
        out.fields[part.fieldname] = part.value;
      }
    }
  });
  return out;
}

async function voiceFor(ctx: AppContext, ownerId: number, text: string, wanted: boolean) {
  if (!wanted) return null;
  const provider = await resolveProvider(ctx, ownerId);
  if (!provider) return null;
  try {
    return await synthesizeSpeech(provider, text);
  } catch (err) {
    throw providerError(err, 'tts-1');
  }
}

/** POST /api/agents/{id}/multimedia/audio and /image: voice and image tests. */
export async function multimediaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<IdParams>('/api/agents/:id/multimedia/audio', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    await getAgent(ctx.database.db, ownerId, agentId);
    const provider = await resolveProvider(ctx, ownerId);
    if (!provider) throw new AppError('VOICE_NEEDS_PROVIDER');
    const { file, fields } = await readMultipart(request, 'audio', AUDIO_LIMIT_BYTES);
    if (!file) throw new AppError('FILE_MISSING');
    if (!sniffAudio(file.data)) throw new AppError('AUDIO_INVALID');
    let transcript: string;
    try {
      transcript = await transcribeAudio(provider, file.data);
    } catch (err) {
      throw providerError(err, 'whisper-1');
    }
    if (!transcript) throw new AppError('AUDIO_INVALID');
    const result = await testReply(ctx, { ownerId, agentId, message: transcript });
    const audioResponse = await voiceFor(
      ctx,
      ownerId,
      result.text,
      fields.voice_response === 'true',
    );
    return { ...toTestReply(result), transcript, audioResponse };
  });

  app.post<IdParams>('/api/agents/:id/multimedia/image', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    await getAgent(ctx.database.db, ownerId, agentId);
    const { file, fields } = await readMultipart(request, 'image', IMAGE_LIMIT_BYTES);
    if (!file) throw new AppError('FILE_MISSING');
    const mediaType = sniffImage(file.data);
    if (!mediaType) throw new AppError('IMAGE_ONLY');
    const message = fields.message?.trim() || DEFAULT_IMAGE_PROMPT;
    const result = await testReply(ctx, {
      ownerId,
      agentId,
      message,
      image: { data: file.data, mediaType },
    });
    const audioResponse = await voiceFor(
      ctx,
      ownerId,
      result.text,
      fields.voice_response === 'true',
    );
    return { ...toTestReply(result), audioResponse };
  });
}
