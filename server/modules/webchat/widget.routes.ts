import type { FastifyInstance } from 'fastify';
import { loadWidgetAsset } from './widget-asset';

/**
 * GET /widget.js — the embeddable script. The snippet asks for `?v=<content hash>`: that URL
 * never changes meaning, so it is cached for a year (immutable). Any other URL (an old snippet,
 * no version) gets the current script with revalidation by ETag.
 */
export async function widgetRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { v?: string } }>('/widget.js', async (request, reply) => {
    const asset = await loadWidgetAsset();
    const etag = `"${asset.hash}"`;
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Access-Control-Allow-Origin', '*')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', etag)
      .header(
        'Cache-Control',
        request.query.v === asset.hash
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300, must-revalidate',
      );
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(asset.brotli);
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.body);
  });
}
