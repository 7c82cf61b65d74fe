import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated calls: a state-changing /api request must come from our
 * own origin (Origin header, or Referer when a browser omits Origin). Endpoints called by other
 * sites or servers (public widget chat, vendor webhooks) authenticate differently and are exempt.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { publicUrl: string; exemptPrefixes: string[] },
) {
  const publicOrigin = new URL(options.publicUrl).origin;

  const allowed = (request: FastifyRequest, origin: string) => {
    if (origin === publicOrigin) return true;
    const host = request.headers.host;
    if (!host) return false;
    return origin === `${request.protocol}://${host}`;
  };

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const url = request.url;
    if (!url.startsWith('/api/')) return;
    if (options.exemptPrefixes.some((prefix) => url.startsWith(prefix))) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin || !allowed(request, origin)) throw new AppError('FORBIDDEN_ORIGIN');
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
