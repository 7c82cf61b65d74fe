import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CLIENT_DIST } from '../lib/paths';

export const clientDist = CLIENT_DIST;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html always revalidated. Returns
 * whether a build was found (the not-found handler falls back to index.html for client routes).
 */
export async function registerStaticClient(app: FastifyInstance): Promise<boolean> {
  if (!existsSync(path.join(clientDist, 'index.html'))) {
    app.log.warn(`no client build at ${clientDist}; run "npm run build"`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: clientDist,
    index: ['index.html'],
    wildcard: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
