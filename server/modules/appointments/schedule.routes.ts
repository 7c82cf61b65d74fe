import type { FastifyInstance } from 'fastify';
import {
  availabilitySchema,
  bookingSettingsSchema,
  businessHoursSchema,
  serviceInputSchema,
  slotsQuerySchema,
  templateDetailsSchema,
} from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { listFreeSlots } from './appointments.service';
import { bookingLink, saveBookingSettings } from './booking-page.service';
import {
  getAvailability,
  getBusinessHours,
  saveAvailability,
  saveBusinessHours,
} from './schedule.service';
import { createService, deleteService, listServices, updateService } from './services.service';
import { applyTemplateDetails } from './template-details.service';

type AgentParams = { Params: { id: string } };
type ServiceParams = { Params: { id: string; serviceId: string } };

const agentIdOf = (params: { id: string }) => parseId(params.id, 'AGENT_NOT_FOUND');

/**
 * An agent's services, availability, business hours, free slots, booking page (link and business
 * name) and what a template's form gave.
 */
export async function scheduleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<AgentParams>('/api/agents/:id/services', async (request) => {
    const ownerId = requireUserId(request);
    return listServices(ctx, ownerId, agentIdOf(request.params));
  });

  app.post<AgentParams>('/api/agents/:id/services', async (request, reply) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const input = parseInput(serviceInputSchema, request.body ?? {});
    return reply.code(201).send(await createService(ctx, ownerId, agentId, input));
  });

  app.put<ServiceParams>('/api/agents/:id/services/:serviceId', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const serviceId = parseId(request.params.serviceId, 'SERVICE_NOT_FOUND');
    const input = parseInput(serviceInputSchema, request.body ?? {});
    return updateService(ctx, ownerId, agentId, serviceId, input);
  });

  app.delete<ServiceParams>('/api/agents/:id/services/:serviceId', async (request, reply) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const serviceId = parseId(request.params.serviceId, 'SERVICE_NOT_FOUND');
    await deleteService(ctx, ownerId, agentId, serviceId);
    return reply.code(204).send();
  });

  app.get<AgentParams>('/api/agents/:id/availability', async (request) => {
    const ownerId = requireUserId(request);
    return getAvailability(ctx, ownerId, agentIdOf(request.params));
  });

  app.put<AgentParams>('/api/agents/:id/availability', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const input = parseInput(availabilitySchema, request.body ?? {});
    return saveAvailability(ctx, ownerId, agentId, input);
  });

  app.get<AgentParams>('/api/agents/:id/business-hours', async (request) => {
    const ownerId = requireUserId(request);
    return getBusinessHours(ctx, ownerId, agentIdOf(request.params));
  });

  app.put<AgentParams>('/api/agents/:id/business-hours', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const input = parseInput(businessHoursSchema, request.body ?? {});
    return saveBusinessHours(ctx, ownerId, agentId, input);
  });

  app.get<AgentParams>('/api/agents/:id/slots', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const query = parseInput(slotsQuerySchema, request.query);
    return listFreeSlots(ctx, { ownerId, agentId, ...query, by: 'owner' });
  });

  app.get<AgentParams>('/api/agents/:id/booking', async (request) => {
    const ownerId = requireUserId(request);
    return bookingLink(ctx, ownerId, agentIdOf(request.params));
  });

  app.put<AgentParams>('/api/agents/:id/booking', async (request) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const input = parseInput(bookingSettingsSchema, request.body ?? {});
    return saveBookingSettings(ctx, ownerId, agentId, input);
  });

  app.post<AgentParams>('/api/agents/:id/template-details', async (request, reply) => {
    const ownerId = requireUserId(request);
    const agentId = agentIdOf(request.params);
    const input = parseInput(templateDetailsSchema, request.body ?? {});
    await applyTemplateDetails(ctx, ownerId, agentId, input);
    return reply.code(204).send();
  });
}
