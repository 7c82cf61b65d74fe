import type { FastifyInstance } from 'fastify';
import {
  notificationSettingsSchema,
  notificationsListQuerySchema,
  notificationsReadSchema,
} from '@common/schemas/notifications';
import type { AppContext } from '../../app-context';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import {
  listOwnerNotifications,
  notificationSettingsOf,
  readOwnerNotifications,
  saveNotificationSettings,
} from './notifications.service';

/**
 * The signed-in owner's notifications (the header's bell) and where else they get them. Scoped
 * by owner: another owner's ids are ignored when marking read.
 */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/notifications', async (request) => {
    const ownerId = requireUserId(request);
    return listOwnerNotifications(
      ctx,
      ownerId,
      parseInput(notificationsListQuerySchema, request.query),
    );
  });

  app.post('/api/notifications/read', async (request) => {
    const ownerId = requireUserId(request);
    return readOwnerNotifications(
      ctx,
      ownerId,
      parseInput(notificationsReadSchema, request.body ?? {}),
    );
  });

  app.get('/api/notifications/settings', async (request) =>
    notificationSettingsOf(ctx, requireUserId(request)),
  );

  app.put('/api/notifications/settings', async (request) => {
    const ownerId = requireUserId(request);
    return saveNotificationSettings(
      ctx,
      ownerId,
      parseInput(notificationSettingsSchema, request.body ?? {}),
    );
  });
}
