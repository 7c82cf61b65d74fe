import type { FastifyInstance } from 'fastify';

/**
 * Behind a reverse proxy with TRUST_PROXY unset, every request seems to come from the proxy, and
 * per-address limits then count all its clients as one (the widget would answer 30 messages a
 * minute for a whole site). Says so once, at the first forwarded request, where an operator looks.
 */
export function warnOnUntrustedForwarding(app: FastifyInstance) {
  let warned = false;
  // a callback hook: cheaper than an async one on every request
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(
        { from: request.socket.remoteAddress },
        'X-Forwarded-For ignored because TRUST_PROXY is unset: if this is your reverse proxy, ' +
          'per-address limits count all of its clients as one; set TRUST_PROXY to its address',
      );
    }
    done();
  });
}
