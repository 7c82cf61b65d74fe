import type { FastifyInstance } from 'fastify';
import {
  appointmentCreateSchema,
  appointmentPatchSchema,
  appointmentsQuerySchema,
} from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { bookAppointment, listAppointments, patchAppointment } from './appointments.service';
import { calendarFeed, rotateCalendarFeed } from './calendar.service';

type IdParams = { Params: { id: string } };

/** The owner's agenda (every agent) and their calendar feed's URL. */
export async function appointmentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/appointments', async (request) => {
    const ownerId = requireUserId(request);
    const days = parseInput(appointmentsQuerySchema, request.query);
    return listAppointments(ctx, ownerId, days);
  });

  app.post('/api/appointments', async (request, reply) => {
    const ownerId = requireUserId(request);
    const input = parseInput(appointmentCreateSchema, request.body ?? {});
    const { appointment } = await bookAppointment(ctx, { ownerId, ...input, source: 'dashboard' });
    return reply.code(201).send(appointment);
  });

  app.patch<IdParams>('/api/appointments/:id', async (request) => {
    const ownerId = requireUserId(request);
    const id = parseId(request.params.id, 'APPOINTMENT_NOT_FOUND');
    const patch = parseInput(appointmentPatchSchema, request.body ?? {});
    return patchAppointment(ctx, ownerId, id, patch);
  });

  app.get('/api/calendar', async (request) => {
    const ownerId = requireUserId(request);
    return calendarFeed(ctx, ownerId);
  });

  app.post('/api/calendar/rotate', async (request) => {
    const ownerId = requireUserId(request);
    return rotateCalendarFeed(ctx, ownerId);
  });
}
