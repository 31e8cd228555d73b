// Operations whose bodies may be other than JSON: an upload's multipart/form-data, or an HTML form's fields (a page
// of the service with buttons). The parser of such a type lives in a scope of the route's own, so every other
// operation still refuses the type (the API takes JSON).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { acceptFormBodies, FORM_CONTENT_TYPE } from './form-body.js';
import { acceptMultipartBodies } from './multipart.js';

/** The body a route takes besides JSON, if any. */
export type ExtraBody = 'multipart' | 'form' | undefined;

/** An HTML form of a page posts a few short fields. */
const FORM_BODY_LIMIT = 16 * 1024;

/** The OpenAPI `consumes` of a route taking that body. */
export function consumes(extra: ExtraBody): { consumes?: string[] } {
  if (extra === 'multipart') return { consumes: ['multipart/form-data'] };
  if (extra === 'form') return { consumes: ['application/json', FORM_CONTENT_TYPE] };
  return {};
}

export function addRoute(app: FastifyInstance, route: RouteOptions, extra: ExtraBody): void {
  if (extra === undefined) return void app.route(route);
  app.register(async (scope) => {
    if (extra === 'multipart') await acceptMultipartBodies(scope);
    else acceptFormBodies(scope, FORM_BODY_LIMIT);
    scope.route(route);
  });
}
