import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireUserId } from '../auth';
import { monthUsage } from './usage.service';

/** The Reports section's cost and usage card: this month, the owner's own figures only. */
export async function analyticsUsageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/analytics/usage', async (request) => monthUsage(ctx, requireUserId(request)));
}
