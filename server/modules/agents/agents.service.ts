import type { Agent, CreateAgentData, UpdateAgentData } from '@common/schemas/agent';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AppContext } from '../../app-context';
import * as repo from './agents.repo';

/**
 * The public key stays out: it is shown only inside the webchat code, and a duplicate made from
 * this shape must get a key of its own.
 */
export function toAgent({ publicKey: _key, ...row }: repo.AgentRow): Agent {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAgents(db: AppDb, ownerId: number): Promise<Agent[]> {
  return (await repo.listAgents(db, ownerId)).map(toAgent);
}

/** The owner's agent, or AGENT_NOT_FOUND (also for another user's agent). */
export async function getAgent(db: AppDb, ownerId: number, id: number): Promise<repo.AgentRow> {
  const row = await repo.findAgent(db, ownerId, id);
  if (!row) throw new AppError('AGENT_NOT_FOUND');
  return row;
}

export async function createAgent(
  db: AppDb,
  ownerId: number,
  data: CreateAgentData,
): Promise<Agent> {
  return toAgent(await repo.insertAgent(db, ownerId, data));
}

export async function updateAgent(
  db: AppDb,
  ownerId: number,
  id: number,
  data: UpdateAgentData,
): Promise<Agent> {
  const row = await repo.updateAgent(db, ownerId, id, data);
  if (!row) throw new AppError('AGENT_NOT_FOUND');
  return toAgent(row);
}

/**
 * Deletes the agent (the database removes what hangs off it); what lives outside the database
 * (its WhatsApp instance at the gateway) is cleaned up by the hooks once it is gone.
 */
export async function deleteAgent(ctx: AppContext, ownerId: number, id: number): Promise<void> {
  const afterDelete = await ctx.hooks.agents.deleting(ctx, ownerId, id);
  const deleted = await repo.deleteAgent(ctx.database.db, ownerId, id);
  if (!deleted) throw new AppError('AGENT_NOT_FOUND');
  await afterDelete();
}
