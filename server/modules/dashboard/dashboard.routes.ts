import type { FastifyInstance } from 'fastify';
import { checklistCelebratedSchema } from '@common/schemas/agent';
import type { AppDb } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { celebrateGoLive, goLiveChecklist } from './checklist.service';
import { dashboardStats } from './dashboard.repo';

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: AppDb }) {
  app.get('/api/dashboard/stats', async (request) => dashboardStats(db, requireUserId(request)));
  app.get('/api/dashboard/checklist', async (request) =>
    goLiveChecklist(db, requireUserId(request)),
  );
  // The owner closed "Seu agente está no ar!": no body (an empty JSON object at most; a JSON
  // `null` is a body, and refused).
  app.post('/api/dashboard/checklist/celebrated', async (request) => {
    const ownerId = requireUserId(request);
    parseInput(checklistCelebratedSchema, request.body === undefined ? {} : request.body);
    return celebrateGoLive(db, ownerId);
  });
}
