import type { BookingLink, BookingSettings } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { getAgent, type AgentRow } from '../agents';
import * as repo from './booking.repo';

/**
 * The agent's public booking page address, `/agendar/{slug}`: readable, from the agent's name
 * ("Padaria do João" → `padaria-do-joao`) or the business's when a template's form gave it first,
 * unique across agents (`-2`, `-3`… then a random suffix), made the first time the owner saves
 * services or availability or asks for the link, and kept when the agent is renamed (links
 * already shared keep working). The page and the calendar show the business's name the owner
 * gave, else the agent's (ADR 0035).
 */

const SLUG_MAX = 48;
const NUMBERED_TRIES = 20;

export function slugBase(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || 'agenda';
}

export async function ensureBookingPage(
  ctx: AppContext,
  agent: AgentRow,
  name = agent.name,
): Promise<string> {
  const db = ctx.database.db;
  const existing = await repo.findSlug(db, agent.ownerId, agent.id);
  if (existing) return existing;
  const base = slugBase(name);
  const candidates = [base];
  for (let n = 2; n <= NUMBERED_TRIES; n++) candidates.push(`${base}-${n}`);
  candidates.push(`${base}-${crypto.randomUUID().slice(0, 8)}`);
  for (const slug of candidates) {
    if (await repo.claimSlug(db, agent.ownerId, agent.id, slug)) return slug;
    // a concurrent claim for this very agent won: keep its slug
    const claimed = await repo.findSlug(db, agent.ownerId, agent.id);
    if (claimed) return claimed;
  }
  throw new Error('no booking slug could be claimed');
}

export function bookingUrl(ctx: AppContext, slug: string): string {
  return `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/agendar/${slug}`;
}

/** GET /api/agents/{id}/booking */
export async function bookingLink(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<BookingLink> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  const slug = await ensureBookingPage(ctx, agent);
  const businessName = await repo.findBusinessName(ctx.database.db, ownerId, agentId);
  return { slug, url: bookingUrl(ctx, slug), businessName };
}

/** PUT /api/agents/{id}/booking: the business's name (blank: back to the agent's). */
export async function saveBookingSettings(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  settings: BookingSettings,
): Promise<BookingLink> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  await ensureBookingPage(ctx, agent);
  await repo.saveBusinessName(ctx.database.db, ownerId, agentId, settings.businessName || null);
  return bookingLink(ctx, ownerId, agentId);
}

/** A template's business name: the page's (and its slug's, when new) unless one was given. */
export async function startBusinessName(
  ctx: AppContext,
  agent: AgentRow,
  businessName: string,
): Promise<void> {
  await ensureBookingPage(ctx, agent, businessName);
  await repo.saveBusinessName(ctx.database.db, agent.ownerId, agent.id, businessName, true);
}
