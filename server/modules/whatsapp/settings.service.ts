import { whatsappSettingsSchema, type WhatsappSettings } from '@common/schemas/whatsapp';
import type { AppDb } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { getAgent } from '../agents';
import * as repo from './settings.repo';

/** The settings the pipeline applies to an agent: the saved row, or the defaults without one. */
export async function settingsOfAgent(db: AppDb, agentId: number): Promise<WhatsappSettings> {
  return repo.toSettings(await repo.findSettings(db, agentId));
}

export async function getAgentSettings(db: AppDb, ownerId: number, agentId: number) {
  const agent = await getAgent(db, ownerId, agentId);
  return settingsOfAgent(db, agent.id);
}

/** PUT replaces the whole set; fields left out take their defaults (the schema fills them). */
export async function saveAgentSettings(
  db: AppDb,
  ownerId: number,
  agentId: number,
  input: unknown,
): Promise<WhatsappSettings> {
  // The agent first: another owner's agent is a 404 whatever the body says.
  const agent = await getAgent(db, ownerId, agentId);
  const settings = parseInput(whatsappSettingsSchema, input);
  return repo.toSettings(await repo.upsertSettings(db, agent.id, settings));
}
