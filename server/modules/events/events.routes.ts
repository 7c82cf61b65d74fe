import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireUserId } from '../auth';
import { OwnerEventHub } from './event-hub';
import { parseLastEventId } from './events.service';

type EventsRequest = { Querystring: { lastEventId?: unknown } };

/**
 * GET /api/events: the signed-in owner's events as Server-Sent Events (`id:` the event's id,
 * `event:` its type, `data:` the event as JSON), from now, or after the `Last-Event-ID` header
 * (or `?lastEventId=`, for a client that reconnects by URL). The streams end when the app closes.
 */
export async function ownerEventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const hub = new OwnerEventHub(ctx, app.log, ctx.config.EVENTS_HEARTBEAT_SECONDS * 1000);
  // Before the server waits for its connections to end: an open stream never would.
  app.addHook('preClose', () => hub.close());

  app.get<EventsRequest>('/api/events', async (request, reply) => {
    const ownerId = requireUserId(request);
    const header = request.headers['last-event-id'];
    const requested = parseLastEventId(header === undefined ? request.query.lastEventId : header);
    await hub.open(request, reply, ownerId, requested);
  });
}
