import type { FastifyInstance } from 'fastify';
import {
  passwordChangeSchema,
  preferencesSchema,
  profileSchema,
  providerSettingsSchema,
  providerTestSchema,
} from '@common/schemas/settings';
import type { AppContext } from '../../app-context';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { modelOptions } from '../providers';
import { preferencesView, savePreferences } from './preferences.service';
import * as settings from './settings.service';

/**
 * The Settings page: profile, password, preferences (time zone), the user's own language-model
 * provider, and the models it offers to every model picker.
 */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.put('/api/settings/profile', async (request) => {
    const userId = requireUserId(request);
    return settings.updateProfile(ctx, userId, parseInput(profileSchema, request.body));
  });

  app.put('/api/settings/password', async (request, reply) => {
    const userId = requireUserId(request);
    const input = parseInput(passwordChangeSchema, request.body);
    await settings.changePassword(ctx, userId, request.session.sessionId, input);
    return reply.status(204).send();
  });

  app.get('/api/settings/preferences', async (request) =>
    preferencesView(ctx, requireUserId(request)),
  );

  app.put('/api/settings/preferences', async (request) => {
    const userId = requireUserId(request);
    return savePreferences(ctx, userId, parseInput(preferencesSchema, request.body));
  });

  app.get('/api/settings/provider', async (request) =>
    settings.providerView(ctx, requireUserId(request)),
  );

  app.put('/api/settings/provider', async (request) => {
    const userId = requireUserId(request);
    return settings.saveProvider(ctx, userId, parseInput(providerSettingsSchema, request.body));
  });

  // What every model picker offers: the owner's provider's models, else the catalogue.
  app.get('/api/settings/models', async (request) =>
    modelOptions(ctx, requireUserId(request), request.log),
  );

  app.post('/api/settings/provider/test', async (request) => {
    const userId = requireUserId(request);
    return settings.testProvider(ctx, userId, parseInput(providerTestSchema, request.body));
  });
}
