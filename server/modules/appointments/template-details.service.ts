import type { TemplateDetails } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { getAgent } from '../agents';
import { startBusinessName } from './booking-page.service';
import { startAvailability } from './schedule.service';

/**
 * What a template's form gave, after the agent was made from it: the business's name
 * goes on the booking page and the week it opens becomes the availability — the business hours
 * follow it by default, so the agent starts with one schedule instead of two closed weeks.
 * Neither replaces what the owner had set.
 */
export async function applyTemplateDetails(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  details: TemplateDetails,
): Promise<void> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  if (details.businessName) await startBusinessName(ctx, agent, details.businessName);
  if (details.weekly && details.weekly.length > 0) {
    await startAvailability(ctx, ownerId, agentId, details.weekly);
  }
}
