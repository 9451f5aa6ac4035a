// The security headers every answer carries (helmet's defaults and the portal's content
// security policy). helmet's middleware is built once here: @fastify/helmet built it anew
// on every request (its directives parsed again each time, in two hooks), 2 % of the
// server's CPU on a list call.
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  directives: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    scriptSrc: ["'self'"],
    upgradeInsecureRequests: null,
  },
};

export function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    crossOriginEmbedderPolicy: false,
  });
  // helmet calls back with nothing, or throws (since 8.1): what it might pass is an Error.
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
