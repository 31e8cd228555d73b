// The Fastify instance with the kernel's cross-cutting behaviour: correlation ids, tenant resolution from
// Host, body parsing, the error mapping of contract §2 and OpenAPI. Areas add operations to it.
import { randomBytes } from 'node:crypto';
import { ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { errorBody } from './envelope.js';
import { recordIdKeyword } from './schema.js';
import { acceptJsonBodies } from './json-body.js';
import { compileOnFirstUse, serializeOnFirstUse } from './compile-on-first-use.js';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { LazyChildLogger } from './lazy-logger.js';
import { ApiError, ErrorCode } from './errors.js';
import type { Kernel } from './kernel.js';
import { apiServers, finishDocument } from './openapi.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHIPPED_TEMPLATES } from '../rendering/html.js';
import { allowDocsOnTenantHosts } from './docs-cors.js';

const BODY_LIMIT = 1024 * 1024;
const CORRELATION_HEADER = 'x-correlation-id';
const CORRELATION_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
/** Query parameters whose values never reach a log line (`t`: the token of a payment link's return addresses). */
const SECRET_QUERY_PARAMETERS = /^(session|pk|password|token|resettoken|code|client_secret|newpassword|t)$/i;

/**
 * Correlation ids drawn a thousand at a time: one system call and one base64url encoding per thousand ids, then a
 * slice of that text per request.
 */
const IDS_PER_DRAW = 1024;
let ids = '';
let idsAt = 0;

export function newCorrelationId(): string {
  if (idsAt >= ids.length) {
    ids = randomBytes(6 * IDS_PER_DRAW).toString('base64url'); // 8 characters per 6 bytes
    idsAt = 0;
  }
  idsAt += 8;
  return ids.slice(idsAt - 8, idsAt);
}

/** The request URL with secret query values masked, for log lines. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of [...params.keys()]) if (SECRET_QUERY_PARAMETERS.test(name)) params.set(name, '***');
  return `${url.slice(0, queryAt)}?${params.toString()}`;
}

export async function createHttpServer(kernel: Kernel, logger: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    // No line per request: errors and slow paths are logged where they happen, with the correlation id.
    childLoggerFactory: (logger, bindings, options) => new LazyChildLogger(logger, bindings, options),
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'correlationId' }),
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers[CORRELATION_HEADER];
      return typeof sent === 'string' && CORRELATION_PATTERN.test(sent) ? sent : newCorrelationId();
    },
    bodyLimit: BODY_LIMIT,
    // request.ip (ctx.clientIp): the socket's peer, or, when that peer is a trusted proxy, the right-most
    // address of X-Forwarded-For that is not a trusted proxy (@fastify/proxy-addr). A trusted proxy's
    // X-Forwarded-Host and X-Forwarded-Proto are taken too (the tenant host behind a proxy that rewrites Host).
    trustProxy: kernel.config.trustedProxies.length > 0 ? [...kernel.config.trustedProxies] : false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    frameworkErrors: answerRoutingError,
  });
  useContractValidators(app);
  app.decorate('kernel', kernel);
  app.decorateRequest('tenant', undefined);
  acceptJsonBodies(app);
  resolveTenantFromHost(app, kernel);
  allowDocsOnTenantHosts(app, kernel.config.publicUrl);
  answerFailuresAsEnvelopes(app);
  await registerOpenApi(app, kernel);
  serveFavicon(app);
  return app;
}

/** The service's icon (templates/favicon.ico), on every host: the browser asks for it beside every page. */
function serveFavicon(app: FastifyInstance): void {
  const icon = readFileSync(path.join(SHIPPED_TEMPLATES, 'favicon.ico'));
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(icon),
  );
}

/**
 * A request Node's parser refused (headers too large, a request line or header it cannot parse, a timeout):
 * answered with an envelope and `Connection: close`, then the socket is ended, not destroyed, so a keep-alive
 * client sees the answer and knows to send its queued requests on a new connection (contract §2, §7.1).
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large']
      : error.code === 'HPE_URI_TOO_LONG'
        ? [414, 'Request URI is too long']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request timed out']
          : [400, 'Malformed request'];
  const body = errorBody(ErrorCode.INVALID_FORMAT, message);
  const send = () => {
    if (!socket.writable) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // A client that never reads its answer does not hold the socket open.
    socket.setTimeout(5_000, () => socket.destroy());
  };
  // An earlier request on this keep-alive socket is still being answered: that answer goes first.
  const answering: unknown = Reflect.get(socket, '_httpMessage');
  if (answering instanceof ServerResponse && !answering.writableFinished) {
    // That request's own body broke off (a client hanging up mid-upload): its answer waits for a body that never
    // comes, so the socket goes, and the request's readers see it aborted (an upload then keeps nothing).
    if (!answering.req.complete) return void socket.destroy(error);
    answering.once('close', send);
  } else send();
}

/** A malformed percent-encoding or an over-long path parameter: still an envelope (contract §2). */
function answerRoutingError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(errorBody(ErrorCode.INVALID_FORMAT, tooLong ? 'Request URI is too long' : 'Malformed request URI'));
}

function useContractValidators(app: FastifyInstance): void {
  // JSON bodies are validated as sent (a number where a string belongs is INVALID_FORMAT, contract §2);
  // query strings carry only text, so their numbers and booleans are coerced.
  const bodyValidator = validatorFor(false);
  const queryValidator = validatorFor('array');
  app.setValidatorCompiler(({ schema, httpPart }) =>
    compileOnFirstUse(() => (httpPart === 'body' ? bodyValidator : queryValidator).compile(schema)),
  );
  // Fastify's own serializer (fast-json-stringify, no shared schemas: the service adds none), built on first use.
  const serializerOf = SerializerSelector()(undefined, {});
  app.setSerializerCompiler((route) =>
    serializeOnFirstUse(() => serializerOf({ ...route, httpStatus: route.httpStatus ?? '200' })),
  );
}

/** Answers every request with its correlation id, and binds a tenant host's request to its active tenant. */
function resolveTenantFromHost(app: FastifyInstance, kernel: Kernel): void {
  // Every request passes here: a callback hook, since an async one costs a promise and its ticks per request.
  const tenantCodeOf = tenantCodesOfHosts(kernel.config.baseDomain);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(CORRELATION_HEADER, request.id);
    // The icon is the same on every host, an unavailable tenant's too.
    if (request.url === '/favicon.ico') return done();
    const code = tenantCodeOf(request.host);
    if (code === undefined) return done();
    const tenant = kernel.tenants.byCode(code);
    if (tenant?.status !== 'ACTIVE') {
      // Answered here: the request goes no further (done is not called).
      reply
        .code(403)
        .type('application/json; charset=utf-8')
        .send(errorBody(ErrorCode.TENANT_UNAVAILABLE, `Tenant "${code}" is not available`));
      return;
    }
    request.tenant = tenant;
    done();
  });
}

function answerFailuresAsEnvelopes(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, code, message } = describeFailure(error);
    if (error instanceof ApiError) reply.headers(error.headers);
    if (status >= 500) {
      request.log.error({ err: error, method: request.method, url: loggableUrl(request.url) }, 'request failed');
    }
    return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(errorBody(ErrorCode.NOTFOUND, `No operation ${request.method} ${request.url.split('?')[0]}`)),
  );
}

async function registerOpenApi(app: FastifyInstance, kernel: Kernel): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Travel Commerce Service',
        version: '0.1.0',
        description:
          'Multi-tenant travel back end. Every JSON answer is an envelope { apiStatus: { errorCode, errorMessage }, apiData }; ' +
          'operation errors are HTTP 200 with apiData null (error codes, session carriers and roles: docs/api.md). ' +
          'Tenant operations are served on `<tenantCode>.<base domain>`, platform operations on the base domain. ' +
          '"Try it out" sends each operation to its server: choose the tenant in the server list (`demo` by default).',
      },
      // Tenant hosts by default; routes served elsewhere say so (`servedOn`, operation.ts).
      servers: apiServers(kernel.config.publicUrl, 'tenant hosts'),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'X-Auth-Request-Access-Token' },
          platformBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? finishDocument({ ...document.openapiObject, tags: kernel.openApiTags }, kernel.config.publicUrl)
        : document.swaggerObject,
  });
  // A filter box for the operations (by tag); tenant hosts allow "Try it out" from here (docs-cors.ts).
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { filter: true } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

function validatorFor(coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    keywords: ['x-verbatim'],
  });
  addFormats.default(ajv);
  ajv.addKeyword(recordIdKeyword);
  return ajv;
}

/** Hosts whose tenant code is kept: a node serves a few on every request; a flood of invented ones is cleared. */
const HOSTS_KEPT = 10_000;

/**
 * The tenant code of a Host header (`acme.example.com:8080` → `acme`), kept per host; undefined for the bare base
 * domain and any other host.
 */
function tenantCodesOfHosts(baseDomain: string): (host: string) => string | undefined {
  const codes = new Map<string, string | null>();
  return (host) => {
    let code = codes.get(host);
    if (code === undefined) {
      code = tenantCodeOfHost(host, baseDomain) ?? null;
      if (codes.size >= HOSTS_KEPT) codes.clear();
      codes.set(host, code);
    }
    return code ?? undefined;
  };
}

function tenantCodeOfHost(hostHeader: string, baseDomain: string): string | undefined {
  if (hostHeader.startsWith('[')) return undefined; // an IPv6 address
  const host = (hostHeader.split(':', 1)[0] ?? '').toLowerCase().replace(/\.$/, '');
  if (host === baseDomain || !host.endsWith(`.${baseDomain}`)) return undefined;
  return host.slice(0, -(baseDomain.length + 1));
}

const UNAVAILABLE_DATABASE_CODES = new Set([
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin shutdown
  '57P02', // crash shutdown
  '57P03', // cannot connect now
  '53300', // too many connections
]);

function describeFailure(error: FastifyError | ApiError): { status: number; code: string; message: string } {
  if (error instanceof ApiError) return { status: error.httpStatus, code: error.code, message: error.message };
  const fastifyCode = 'code' in error ? String(error.code) : '';
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, code: ErrorCode.INVALID_FORMAT, message: 'Request body is too large' };
  }
  if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, code: ErrorCode.INVALID_FORMAT, message: 'Unsupported content type' };
  }
  if (fastifyCode.startsWith('FST_ERR_CTP') || (error.statusCode === 400 && error instanceof SyntaxError)) {
    return { status: 400, code: ErrorCode.INVALID_FORMAT, message: 'Malformed request body' };
  }
  if (UNAVAILABLE_DATABASE_CODES.has(fastifyCode)) {
    return { status: 503, code: ErrorCode.GENERAL, message: 'The database is unavailable; try again shortly' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, code: ErrorCode.INVALID_FORMAT, message: 'Invalid request' };
  }
  return { status: 500, code: ErrorCode.GENERAL, message: 'Unexpected failure; quote the correlation id to support' };
}
