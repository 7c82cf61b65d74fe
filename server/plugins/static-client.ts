import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CLIENT_DIST } from '../lib/paths';

export const clientDist = CLIENT_DIST;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html always revalidated. The build
 * writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file (vite.config.ts), sent
 * to clients that accept them with `Content-Encoding` and `Vary: Accept-Encoding`: compressing
 * once at build time costs no CPU per request and affords brotli's best level. Returns whether a
 * build was found (the not-found handler falls back to index.html for client routes).
 */
export async function registerStaticClient(
  app: FastifyInstance,
  root: string = clientDist,
): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`no client build at ${root}; run "npm run build"`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
