// Every operation of the API is declared once, as a value: `operation({...})` for tenant operations,
// `platformOperation({...})` for the base domain's. Areas return lists of them and the composition root
// registers every list, so the whole API can be walked (role-table test, OpenAPI, docs). Registered, the kernel
// reads the session from its carriers, checks the role policy, validates the input with the contract's error
// codes, runs the handler, wraps the envelope, serialises with the response schema and names the OpenAPI
// operation.
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Allowed, Role } from '../auth/roles.js';
import type { Session } from '../auth/session.js';
import type { Sql } from '../database/connections.js';
import { clientGoneSignal, leaseFor, noDatabase } from './context-parts.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { callerToken, namedSession, withSessionCarriers } from './carriers.js';
import { Envelope, errorBody, ok } from './envelope.js';
import { ApiError, ErrorCode, missingParameter } from './errors.js';
import { validationFailure } from './input.js';
import type { Kernel, PlatformCaller } from './kernel.js';
import { operationId, type ServedOn, servedOn, tagsOf } from './openapi.js';
import { describedWithLimit } from './body-limit.js';
import { readFieldsBeforeFile, type UploadedFile, uploadedFile } from './multipart.js';
import { addRoute, consumes, type ExtraBody } from './route-scope.js';
import { RawAnswer } from './raw.js';
import { answerPageFailure, PAGE_ANSWERS } from './page-route.js';
import { prepareInput, refuseUnstorableInput } from './route-input.js';
import { type RecordParameters, type RecordReaders, readersFor, refuseUnreadableRecords } from './records.js';

export interface RequestContext {
  correlationId: string;
  /** The caller's address (the socket's peer) and user agent, for rate limits and audit records. */
  clientIp: string;
  userAgent: string | undefined;
  log: FastifyBaseLogger;
  now: Date;
}

export interface TenantContext extends RequestContext {
  tenant: TenantRecord;
  db: Sql;
  session: Session | undefined;
  /** The token the session was found by (logout revokes it). */
  sessionToken: string | undefined;
  roles: readonly Role[];
  /** The session of the operation's `otherSession` parameter, resolved by the kernel (carriers.ts). */
  otherSession?: Session;
  /** The file of a multipart request to an operation declaring `multipartFile`, unread (multipart.ts). */
  file?: UploadedFile;
  /** Aborted when the client leaves before its answer: set for operations declaring `stopsWhenClientLeaves`. */
  signal?: AbortSignal;
}

export interface PlatformContext extends RequestContext {
  /** The tenant of the host, for operations also served on tenant hosts; undefined on the base domain. */
  tenant: TenantRecord | undefined;
  /** The verified platform token's caller; present on operations with `access: 'platform'`. */
  caller: PlatformCaller | undefined;
}

export type Method = 'GET' | 'POST';
type Input<S extends TObject | undefined> = S extends TObject ? Static<S> : Record<string, never>;

interface CommonDefinition<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema> {
  path: string;
  methods: readonly Method[];
  summary: string;
  description?: string;
  tags?: readonly string[];
  /** Parameters: the JSON body of POST, the query string of GET. */
  input?: I;
  /** Query parameters of a POST, beside its body (e.g. `pk`). */
  query?: Q;
  /** The answer's `apiData`; ignored for raw answers (PDF, HTML, spreadsheets). */
  response: R;
  /** HTTP status of a successful answer when it is not 200 (health answers 503 when degraded). */
  httpStatus?: (answer: Static<R>) => 200 | 503;
  /** Largest body in bytes, when not the server's 1 MiB (contract §5: uploads); a multipart file's largest size. */
  bodyLimit?: number;
  /** An HTML page a browser opens: its failures are pages too (page-route.ts), and OpenAPI says text/html. */
  htmlPage?: boolean;
}

/** Who may call a tenant operation and how a missing or unknown session is answered. */
export interface SessionPolicy {
  allow: Allowed;
  /** The specification marks `session` R: a request without any session answers MISSING_PARAMETER. */
  sessionParameter?: 'required' | 'optional';
  /** Error code for an unknown or expired token (cart operations answer TOKEN_ERROR). */
  unknownSession?: typeof ErrorCode.TOKEN_ERROR | typeof ErrorCode.NOT_LOGGED_IN;
  /** Served to a session whose user must still change the password (contract §3). */
  duringPasswordChange?: boolean;
}

export interface TenantOperation<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>
  extends CommonDefinition<I, Q, R>,
    SessionPolicy {
  /** Set false for operations that never touch the tenant database (no pool is taken). */
  database?: boolean;
  /** Parameters that name a record, by kind: usable only if the caller may read it (contract §7.1, records.ts). */
  records?: RecordParameters;
  /**
   * One more carrier of the caller's session: a query parameter the specification names for it on this operation
   * (GET printInvoice's `token`). Read by the kernel after the contract's four, with all their checks (carriers.ts).
   */
  sessionQueryParameter?: 'token';
  /** A parameter holding another session's token (cart persist's `oldSession`): the kernel resolves it. */
  otherSession?: string;
  /** Takes multipart/form-data whose file part is this parameter (multipart.ts); the handler reads `ctx.file`. */
  multipartFile?: string;
  /** A POST that also takes an HTML form's fields (application/x-www-form-urlencoded): a page's buttons. */
  formBody?: boolean;
  /** Long work (a file read in a worker) that is stopped when the client leaves: the handler gets `ctx.signal`. */
  stopsWhenClientLeaves?: boolean;
  handler: (ctx: TenantContext, input: Input<I>, query: Input<Q>) => Promise<Static<R> | RawAnswer>;
}

export interface PlatformOperation<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>
  extends CommonDefinition<I, Q, R> {
  /** `platform`: a bearer token of the master realm; `public`: anyone (health, discovery). */
  access: 'platform' | 'public';
  /** Also served on tenant hosts (health, readiness, /auth/*). */
  onTenantHosts?: boolean;
  handler: (ctx: PlatformContext, input: Input<I>, query: Input<Q>) => Promise<Static<R> | RawAnswer>;
}

/** A multipart operation's file limit when it declares none: the server's body limit. */
const MULTIPART_FILE_LIMIT = 1024 * 1024;

function kernelOf(app: FastifyInstance): Kernel {
  return app.kernel;
}

/** Who may call an operation, as the role-table test and the docs read it. */
export type AccessPolicy =
  | {
      kind: 'tenant';
      allow: Allowed;
      sessionParameter: 'required' | 'optional' | undefined;
      duringPasswordChange: boolean;
      /** The operation's own query carrier of the session, beside the contract's four. */
      sessionQueryParameter: string | undefined;
    }
  | { kind: 'platform'; access: 'platform' | 'public'; onTenantHosts: boolean };

/** A declared operation: what it is (for tests and docs) and how to add it to an app. */
export interface OperationDeclaration {
  readonly path: string;
  readonly methods: readonly Method[];
  readonly summary: string;
  /** The OpenAPI tags: the declared ones, else the path's first segment (the area). */
  readonly tags: readonly string[];
  readonly policy: AccessPolicy;
  /** Parameters (the body of POST, the query of GET) and a POST's query parameters, as declared. */
  readonly input: TObject | undefined;
  readonly query: TObject | undefined;
  readonly response: TSchema;
  /** The record ids among the parameters, by kind (tenant operations). */
  readonly records: RecordParameters;
  /** An HTML page a browser opens: it answers failures as pages too (page-route.ts). */
  readonly htmlPage: boolean;
  register(app: FastifyInstance, readers: RecordReaders): void;
}

/** Adds every declared operation to the app (each once), with the areas' readers of the record ids declared. */
export function registerOperations(
  app: FastifyInstance,
  operations: readonly OperationDeclaration[],
  readers: RecordReaders = {},
): void {
  for (const declared of operations) declared.register(app, readers);
}

/** A tenant operation, served on tenant hosts with the session and role policy it declares. */
export function operation<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>(
  definition: TenantOperation<I, Q, R>,
): OperationDeclaration {
  const policy: AccessPolicy = {
    kind: 'tenant',
    allow: definition.allow,
    sessionParameter: definition.sessionParameter,
    duringPasswordChange: definition.duringPasswordChange ?? false,
    sessionQueryParameter: definition.sessionQueryParameter,
  };
  return declaration(definition, policy, definition.records ?? {}, (app, readers) =>
    registerTenantOperation(app, definition, readers),
  );
}

/** An operation of the platform (base domain): public, or for holders of a platform token. */
export function platformOperation<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>(
  definition: PlatformOperation<I, Q, R>,
): OperationDeclaration {
  const policy: AccessPolicy = {
    kind: 'platform',
    access: definition.access,
    onTenantHosts: definition.onTenantHosts ?? false,
  };
  return declaration(definition, policy, {}, (app) => registerPlatformOperation(app, definition));
}

function declaration<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>(
  definition: CommonDefinition<I, Q, R>,
  policy: AccessPolicy,
  records: RecordParameters,
  register: (app: FastifyInstance, readers: RecordReaders) => void,
): OperationDeclaration {
  const { path, methods, summary, input, query, response, htmlPage = false } = definition;
  const tags = tagsOf(definition);
  return { path, methods, summary, tags, policy, input, query, response, records, htmlPage, register };
}

function registerTenantOperation<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>(
  app: FastifyInstance,
  definition: TenantOperation<I, Q, R>,
  readers: RecordReaders,
): void {
  const kernel = kernelOf(app);
  const recordReaders = readersFor(definition.path, definition.records, readers);
  const input = withSessionCarriers(definition.input ?? Type.Object({}), definition.sessionQueryParameter);
  for (const method of definition.methods) {
    register(app, definition, method, input, {
      security: definition.allow === 'anyone' ? [] : [{ session: [] }],
      multipartFile: definition.multipartFile,
      formBody: definition.formBody,
      run: async (request, reply, parsedInput, parsedQuery) => {
        const tenant = request.tenant;
        if (!tenant) throw new ApiError(ErrorCode.NOTFOUND, 'This operation is served on a tenant host', 404);
        const lease = definition.database === false ? undefined : leaseFor(kernel, tenant);
        try {
          const ctx: TenantContext = {
            tenant,
            db: lease?.sql ?? noDatabase,
            session: undefined,
            sessionToken: undefined,
            roles: [],
            correlationId: request.id,
            clientIp: request.ip,
            userAgent: request.headers['user-agent'],
            log: request.log,
            now: kernel.clock(),
            file: uploadedFile(request),
            signal: definition.stopsWhenClientLeaves ? clientGoneSignal(reply) : undefined,
          };
          await authorize(kernel, definition, ctx, callerToken(request, definition)?.token);
          refuseUnstorableInput(request);
          if (request.validationError) throw validationFailure(request.validationError.validation);
          await refuseUnreadableRecords(ctx, recordReaders, parsedInput);
          if (definition.otherSession)
            ctx.otherSession = await namedSession(kernel, ctx, definition.otherSession, parsedInput);
          return await definition.handler(ctx, parsedInput as Input<I>, parsedQuery as Input<Q>);
        } finally {
          lease?.release();
        }
      },
    });
  }
}

function registerPlatformOperation<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>(
  app: FastifyInstance,
  definition: PlatformOperation<I, Q, R>,
): void {
  const kernel = kernelOf(app);
  const input = definition.input ?? Type.Object({});
  for (const method of definition.methods) {
    register(app, definition, method, input, {
      security: definition.access === 'platform' ? [{ platformBearer: [] }] : [],
      servedOn: definition.onTenantHosts ? 'any host' : 'base domain',
      run: async (request, _reply, parsedInput, parsedQuery) => {
        if (request.tenant && !definition.onTenantHosts) {
          throw new ApiError(ErrorCode.NOTFOUND, 'This operation is served on the base domain only', 404);
        }
        const ctx: PlatformContext = {
          tenant: request.tenant,
          caller: undefined,
          correlationId: request.id,
          clientIp: request.ip,
          userAgent: request.headers['user-agent'],
          log: request.log,
          now: kernel.clock(),
        };
        if (definition.access === 'platform') ctx.caller = await kernel.platformAuth.verify(bearer(request));
        refuseUnstorableInput(request);
        if (request.validationError) throw validationFailure(request.validationError.validation);
        return definition.handler(ctx, parsedInput as Input<I>, parsedQuery as Input<Q>);
      },
    });
  }
}

interface Registration {
  /** Explicit in the OpenAPI document, `[]` for anonymous operations. */
  security: Record<string, string[]>[];
  /** Where the operation is served, when not on tenant hosts (the document's default). */
  servedOn?: Exclude<ServedOn, 'tenant hosts'>;
  multipartFile?: string | undefined;
  formBody?: boolean | undefined;
  run: (request: FastifyRequest, reply: FastifyReply, input: unknown, query: unknown) => Promise<unknown>;
}

function register<I extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>(
  app: FastifyInstance,
  definition: CommonDefinition<I, Q, R>,
  method: Method,
  input: TObject,
  registration: Registration,
): void {
  const inputInBody = method === 'POST';
  const bodySchema = inputInBody ? input : undefined;
  const querySchema = inputInBody ? definition.query : input;
  const { bodyLimit } = definition;
  const fileField = inputInBody ? registration.multipartFile : undefined;
  const extra: ExtraBody = fileField ? 'multipart' : inputInBody && registration.formBody ? 'form' : undefined;
  const route: RouteOptions = {
    method,
    url: definition.path,
    attachValidation: true,
    // a multipart operation's limit is its file's (multipart.ts); its other bodies keep the server's
    ...(bodyLimit && !fileField ? { bodyLimit } : {}),
    schema: {
      summary: definition.summary,
      description: describedWithLimit(definition.description, bodyLimit, fileField),
      tags: tagsOf(definition),
      operationId: operationId(definition.path, method),
      security: registration.security,
      ...(registration.servedOn ? servedOn(registration.servedOn) : {}),
      ...(bodyLimit ? { 'x-body-limit': bodyLimit } : {}),
      ...consumes(extra),
      ...(inputInBody ? { body: input } : {}),
      ...(querySchema ? { querystring: querySchema } : {}),
      ...(definition.htmlPage ? PAGE_ANSWERS : { response: envelopes(definition) }),
    },
    ...(definition.htmlPage ? { errorHandler: answerPageFailure(kernelOf(app)) } : {}),
    // A callback hook: every request passes here, and an async one costs a promise and its ticks. No closure is
    // made per request unless a file is read first: tsx names every closure it creates (a property definition).
    preValidation: (request, _reply, done) => {
      const reading = fileField && readFieldsBeforeFile(request, fileField, bodyLimit ?? MULTIPART_FILE_LIMIT);
      if (!reading) return prepareInput(request, bodySchema, querySchema, done);
      reading.then(() => prepareInput(request, bodySchema, querySchema, done), done);
    },
    handler: async (request, reply) => {
      const parsedInput = inputInBody ? request.body : request.query;
      const answer = await registration.run(request, reply, parsedInput, inputInBody ? request.query : {});
      if (answer instanceof RawAnswer) return answer.send(reply);
      if (definition.httpStatus) reply.code(definition.httpStatus(answer as Static<R>));
      return reply.send(ok(answer));
    },
  };
  addRoute(app, route, extra);
}

function envelopes(definition: { response: TSchema; httpStatus?: unknown }) {
  const envelope = Envelope(definition.response);
  return definition.httpStatus ? { 200: envelope, 503: envelope } : { 200: envelope };
}

async function authorize(
  kernel: Kernel,
  definition: SessionPolicy,
  ctx: TenantContext,
  token: string | undefined,
): Promise<void> {
  const needsSession = definition.allow !== 'anyone';
  if (!token) {
    if (!needsSession) return;
    if (definition.sessionParameter === 'required') throw missingParameter('session');
    throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'This operation needs a logged-in session');
  }
  const session = await kernel.sessions.resolve(ctx, token);
  if (!session) {
    // An anonymous operation carries on without the session; elsewhere an unknown token is refused.
    if (!needsSession) return;
    throw new ApiError(definition.unknownSession ?? ErrorCode.NOT_LOGGED_IN, 'Session not recognised or expired');
  }
  ctx.session = session;
  ctx.sessionToken = token;
  ctx.roles = session.roles;
  if (session.requiredActions.includes('UPDATE_PASSWORD') && !definition.duringPasswordChange) {
    throw new ApiError(ErrorCode.PASSWORD_CHANGE_REQUIRED, 'The password must be changed first (/user/updatepwd)');
  }
  if (definition.allow === 'anyone') return;
  const allowed = definition.allow;
  if (session.roles.some((role) => allowed.includes(role))) return;
  if (session.kind !== 'user') throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'This operation needs a logged-in user');
  throw new ApiError(ErrorCode.FORBIDDEN, 'Your role may not call this operation');
}

function bearer(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  if (!value || !/^bearer\s+/i.test(value)) return undefined;
  return value.replace(/^bearer\s+/i, '').trim() || undefined;
}

export { errorBody };
