import type { FastifyInstance } from 'fastify';
import { reminderSettingsSchema } from '@common/schemas/reminders';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { getReminderSettings, saveReminderSettings } from './reminders.service';

type IdParams = { Params: { id: string } };

/** GET/PUT /api/agents/{id}/reminders: the agent's appointment reminders on WhatsApp. */
export async function reminderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<IdParams>('/api/agents/:id/reminders', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    return getReminderSettings(ctx, ownerId, agentId);
  });

  app.put<IdParams>('/api/agents/:id/reminders', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = parseId(request.params.id, 'AGENT_NOT_FOUND');
    const input = parseInput(reminderSettingsSchema, request.body ?? {});
    return saveReminderSettings(ctx, ownerId, agentId, input);
  });
}
