import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (helmet) on every response. The middleware is built once: @fastify/helmet
 * builds it again for every request (parsing the whole Content-Security-Policy each time), which
 * was half the cost of a cheap authenticated GET in bench/http.ts.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS only makes sense once the site is served over HTTPS (PUBLIC_URL says so).
    strictTransportSecurity: options.https,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
