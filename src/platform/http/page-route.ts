// Operations that answer an HTML page a browser opens (a link of an e-mail: the tickets page, a quote to answer, a
// payment's return address) are declared `htmlPage`. Whatever goes wrong before or in their handler (a malformed
// link failing validation, an unknown record, a rate limit, a failure of ours) is answered with an HTML page in the
// tenant's branding and the browser's language, with the HTTP status that says it (400, 404, 410, 429, 5xx),
// never the API's JSON envelope; the OpenAPI document declares their answers as text/html.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { brandingOf, PLATFORM_NAME } from '../rendering/branding.js';
import { errorPageHtml } from '../rendering/error-page.js';
import { languageOf } from '../rendering/language.js';
import { ApiError, ErrorCode } from './errors.js';
import type { Kernel } from './kernel.js';

/** An error page: never cached, never framed, no referrer (the address may hold a token), nothing loaded. */
export const ERROR_PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const html = (description: string) => ({ type: 'string', description }) as const;

/** The route schema's answers of a page: text/html for the page and for each failure. */
export const PAGE_ANSWERS = {
  produces: ['text/html'],
  response: {
    200: html('The page (text/html)'),
    400: html('A malformed link (a parameter missing or invalid): a page saying so'),
    404: html('An unknown link: a page saying so'),
    410: html('A link expired or already used: a page saying so'),
    429: html('Too many requests from the address: a page saying so, with Retry-After'),
  },
};

const REFUSED_SESSIONS: ReadonlySet<string> = new Set([
  ErrorCode.PASSWORD_CHANGE_REQUIRED,
  ErrorCode.NOT_LOGGED_IN,
  ErrorCode.TOKEN_ERROR,
  ErrorCode.FORBIDDEN,
]);

/** The status a page answers a failure with. */
export function pageStatusOf(error: FastifyError | ApiError): number {
  if (error instanceof ApiError) {
    if (error.httpStatus >= 400) return error.httpStatus;
    if (error.code === ErrorCode.NOTFOUND) return 404;
    // A session carried to the page that may not be used (its user must change the password first).
    if (REFUSED_SESSIONS.has(error.code)) return 403;
    return error.code === ErrorCode.GENERAL ? 500 : 400;
  }
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** The route's error handler of a page operation: the failure as a branded page. */
export function answerPageFailure(kernel: Pick<Kernel, 'brands'>) {
  return async (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const status = pageStatusOf(error);
    if (status >= 500) request.log.error({ err: error, method: request.method }, 'page request failed');
    const tenant = request.tenant;
    const branding = tenant ? await kernel.brands.of(tenant) : brandingOf(PLATFORM_NAME);
    const page = errorPageHtml(branding, languageOf(request.headers['accept-language']), status, request.id);
    if (error instanceof ApiError) reply.headers(error.headers);
    return reply.code(status).headers(ERROR_PAGE_HEADERS).type('text/html; charset=utf-8').send(page);
  };
}
