import { SERVICES_MAX, type Service, type ServiceInput } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { getAgent } from '../agents';
import { ensureBookingPage } from './booking-page.service';
import * as repo from './services.repo';

/** An agent's services (what the agent books: name, duration, price, buffer). */

export function toService(row: repo.ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    durationMinutes: row.durationMinutes,
    priceBrl: row.priceCents === null ? null : row.priceCents / 100,
    bufferMinutes: row.bufferMinutes,
  };
}

function toValues(input: ServiceInput): repo.ServiceValues {
  return {
    name: input.name,
    durationMinutes: input.durationMinutes,
    priceCents:
      input.priceBrl === undefined || input.priceBrl === null
        ? null
        : Math.round(input.priceBrl * 100),
    bufferMinutes: input.bufferMinutes ?? 0,
  };
}

export async function listServices(ctx: AppContext, ownerId: number, agentId: number) {
  await getAgent(ctx.database.db, ownerId, agentId);
  return (await repo.listServices(ctx.database.db, ownerId, agentId)).map(toService);
}

export async function createService(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  input: ServiceInput,
): Promise<Service> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  const row = await repo.insertService(
    ctx.database.db,
    ownerId,
    agentId,
    toValues(input),
    SERVICES_MAX,
  );
  if (!row) throw new AppError('SERVICES_LIMIT', { params: { max: SERVICES_MAX } });
  await ensureBookingPage(ctx, agent);
  return toService(row);
}

export async function updateService(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  serviceId: number,
  input: ServiceInput,
): Promise<Service> {
  await getAgent(ctx.database.db, ownerId, agentId);
  const row = await repo.updateService(
    ctx.database.db,
    ownerId,
    agentId,
    serviceId,
    toValues(input),
  );
  if (!row) throw new AppError('SERVICE_NOT_FOUND');
  return toService(row);
}

/**
 * Deleting a service hides it: it is no longer listed, offered or bookable, while its
 * appointments (past and future, confirmed or not) stay as they are, in the agenda and the feed
 * under its name. The owner cancels those they want cancelled; the customers keep theirs.
 */
export async function deleteService(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  serviceId: number,
): Promise<void> {
  await getAgent(ctx.database.db, ownerId, agentId);
  if (!(await repo.softDeleteService(ctx.database.db, ownerId, agentId, serviceId))) {
    throw new AppError('SERVICE_NOT_FOUND');
  }
}

/** A bookable service of the owner's agent, or SERVICE_NOT_FOUND. */
export async function bookableService(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  serviceId: number,
): Promise<repo.ServiceRow> {
  const row = await repo.findService(ctx.database.db, ownerId, agentId, serviceId);
  if (!row) throw new AppError('SERVICE_NOT_FOUND');
  return row;
}
