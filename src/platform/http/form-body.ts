// HTML forms and OAuth token requests post application/x-www-form-urlencoded: parsed into a flat object of
// strings, within a plugin scope so the JSON API elsewhere accepts JSON only.
import type { FastifyInstance } from 'fastify';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export function acceptFormBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}
