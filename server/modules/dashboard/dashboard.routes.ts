import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client';
import { requireUserId } from '../auth';
import { goLiveChecklist } from './checklist.service';
import { dashboardStats } from './dashboard.repo';

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: AppDb }) {
  app.get('/api/dashboard/stats', async (request) => dashboardStats(db, requireUserId(request)));
  app.get('/api/dashboard/checklist', async (request) =>
    goLiveChecklist(db, requireUserId(request)),
  );
}
