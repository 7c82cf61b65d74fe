import type { FastifyInstance } from 'fastify';
import { analyticsOverviewQuerySchema } from '@common/schemas/analytics';
import type { AppContext } from '../../app-context';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { overview } from './overview.service';

/** Reports: the overview of a period. */
export async function analyticsOverviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/analytics/overview', async (request) => {
    const ownerId = requireUserId(request);
    return overview(ctx, ownerId, parseInput(analyticsOverviewQuerySchema, request.query));
  });
}
