import type { FastifyInstance } from 'fastify';
import { webchatSettingsSchema } from '@common/schemas/webchat';
import type { AppContext } from '../../app-context';
import { pickLanguage } from '../../lib/i18n';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { buildWebchatCode, getSettings, rotateWebchatKey, saveSettings } from './webchat.service';

type IdParams = { Params: { id: string } };

/** The owner's side of the website widget: the embed code, its settings and its public key. */
export async function webchatRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const db = ctx.database.db;

  app.get<IdParams>('/api/agents/:id/webchat-code', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    return buildWebchatCode(
      ctx,
      ownerId,
      agentId,
      pickLanguage(request.headers['accept-language']),
    );
  });

  app.get<IdParams>('/api/agents/:id/webchat-config', async (request) => {
    const ownerId = requireUserId(request);
    return getSettings(db, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND'));
  });

  app.put<IdParams>('/api/agents/:id/webchat-config', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const settings = parseInput(webchatSettingsSchema, request.body);
    return saveSettings(db, ownerId, agentId, settings);
  });

  app.post<IdParams>('/api/agents/:id/webchat-key/rotate', async (request) => {
    const ownerId = requireUserId(request);
    return rotateWebchatKey(db, ownerId, parseId(request.params.id, 'AGENT_NOT_FOUND'));
  });
}
