import type { FastifyInstance } from 'fastify';
import { publicBookingSchema, slotsQuerySchema } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { createLimiter, type Limiter } from '../rate-limit';
import { calendarIcs } from './calendar.service';
import { publicBook, publicBookingPage, publicSlots } from './public-booking.service';

type SlugParams = { Params: { slug: string } };

/** Per client address: a person picks a few days and books once; a script is stopped early. */
export const BOOKING_LIMITS = {
  readsPerMinute: 60,
  bookingsPerMinute: 10,
  feedPerMinute: 30,
};
const MINUTE = 60_000;

/**
 * The public booking page's API and the owner's calendar feed (no session, no same-origin
 * check: they are opened from other sites and calendar servers; `/api/public/` is exempt).
 */
export async function publicBookingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const readLimit = friendly(
    createLimiter(app, {
      max: BOOKING_LIMITS.readsPerMinute,
      windowMs: MINUTE,
      key: (request) => `booking:read:${request.ip}`,
    }),
  );
  const bookLimit = friendly(
    createLimiter(app, {
      max: BOOKING_LIMITS.bookingsPerMinute,
      windowMs: MINUTE,
      key: (request) => `booking:book:${request.ip}`,
    }),
  );
  // Per feed, not per address: Google's and Apple's calendar servers fetch every subscriber's
  // feed from a few shared addresses, and a limit per address would fail all of them together.
  const feedLimit = createLimiter(app, {
    max: BOOKING_LIMITS.feedPerMinute,
    windowMs: MINUTE,
    key: (request) => {
      const { file } = request.params as { file?: unknown };
      return `calendar:feed:${typeof file === 'string' ? file.slice(0, 128) : ''}`;
    },
  });

  app.get<SlugParams>('/api/public/booking/:slug', async (request) => {
    await readLimit(request);
    return publicBookingPage(ctx, request.params.slug);
  });

  app.get<SlugParams>('/api/public/booking/:slug/slots', async (request) => {
    await readLimit(request);
    const query = parseInput(slotsQuerySchema, request.query);
    return publicSlots(ctx, request.params.slug, query);
  });

  app.post<SlugParams>(
    '/api/public/booking/:slug',
    { bodyLimit: 8 * 1024 },
    async (request, reply) => {
      await bookLimit(request);
      const input = parseInput(publicBookingSchema, request.body ?? {});
      return reply.code(201).send(await publicBook(ctx, request.params.slug, input));
    },
  );

  app.get<{ Params: { file: string } }>('/api/public/calendar/:file', async (request, reply) => {
    await feedLimit(request);
    const { file } = request.params;
    if (!file.endsWith('.ics')) throw new AppError('CALENDAR_NOT_FOUND');
    const ics = await calendarIcs(ctx, file.slice(0, -'.ics'.length));
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline; filename="agenda.ics"')
      .send(ics);
  });
}

/** The page's customers get a message about booking, not about "attempts". */
function friendly(limit: Limiter): Limiter {
  return async (request) => {
    try {
      await limit(request);
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') {
        throw new AppError('BOOKING_RATE_LIMITED', err.options);
      }
      throw err;
    }
  };
}
