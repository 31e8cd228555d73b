// "Try it out" in the API reference (/docs on the base domain, the address the start-up banner prints) sends tenant
// operations to the tenant's host (the document's server `http://{tenant}.<base domain>`), another origin: tenant
// hosts allow that one origin, the base domain's, by CORS. No credentials are allowed (sessions travel in headers or
// parameters, never cookies), and no other origin is named, so no other site's script reads a tenant's answers.
import type { FastifyInstance } from 'fastify';

/** What "Try it out" sends: JSON bodies, the session header or a bearer, a correlation id. */
const ALLOWED_HEADERS = 'content-type, x-auth-request-access-token, authorization, x-correlation-id';
/** What it may read of an answer besides the body. */
const EXPOSED_HEADERS = 'x-correlation-id, retry-after, content-disposition';
const PREFLIGHT_CACHE_SECONDS = '600';

/** Adds the CORS answers for `docsOrigin` on tenant hosts (after the tenant of the host is resolved). */
export function allowDocsOnTenantHosts(app: FastifyInstance, publicUrl: string): void {
  const docsOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || request.tenant === undefined) return done();
    reply.header('vary', 'Origin');
    if (origin !== docsOrigin) return done();
    reply.header('access-control-allow-origin', docsOrigin);
    if (request.method !== 'OPTIONS') {
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      return done();
    }
    // A preflight: answered here, since no route takes OPTIONS.
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_CACHE_SECONDS)
      .send();
  });
}
