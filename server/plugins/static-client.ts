import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRERENDERED_DIR, PRERENDERED_MANIFEST, type RenderedPage } from '@common/prerendered';
import { CLIENT_DIST } from '../lib/paths';

export const clientDist = CLIENT_DIST;

/** Sends the client app's page for a client route (see registerStaticClient). */
export type SendClientPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves the built SPA: hashed assets cached for a year, pages always revalidated. The build
 * writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file (vite.config.ts), sent
 * to clients that accept them with `Content-Encoding` and `Vary: Accept-Encoding`: compressing
 * once at build time costs no CPU per request and affords brotli's best level.
 *
 * A client route gets the page the build rendered for exactly that address, when there is one
 * (the public pages, scripts/prerender.ts), and the empty shell (`index.html`) otherwise.
 * Returns how to send that page, or null when no build was found.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  root: string = clientDist,
): Promise<SendClientPage | null> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`no client build at ${root}; run "npm run build"`);
    return null;
  }
  await app.register(fastifyStatic, {
    root,
    // `/` is a client route like the others: it may have a rendered page.
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const rendered = readRenderedPages(root);
  const send: SendClientPage = (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const file = renderedFile(rendered, request.url);
    return reply.sendFile(file ? `${PRERENDERED_DIR}/${file}` : 'index.html');
  };
  // With `index: false` the static files' route refuses the root folder: `/` is a page.
  app.get('/', send);
  return send;
}

/** The rendered page for this exact address, or for its path when the page reads no query. */
function renderedFile(rendered: Map<string, RenderedPage>, url: string): string | undefined {
  const exact = rendered.get(url);
  if (exact) return exact.file;
  const page = rendered.get(url.split('?', 1)[0]!);
  return page?.anyQuery ? page.file : undefined;
}

/** The build's rendered pages by address; none when the build has rendered none. */
function readRenderedPages(root: string): Map<string, RenderedPage> {
  const manifest = path.join(root, PRERENDERED_DIR, PRERENDERED_MANIFEST);
  if (!existsSync(manifest)) return new Map();
  const entries = Object.entries(
    JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, RenderedPage>,
  );
  // The build wrote these names; a file name is still never taken as a path.
  return new Map(entries.filter(([, page]) => /^[a-z0-9-]+\.html$/.test(page.file)));
}
