// One API client for tests: bound to an app and a tenant's host (and, when asked, a session), it sends requests
// as a real client would and checks the envelope, so a test file declares none of this itself.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { expect } from 'vitest';
import { type OperationDeclaration, registerOperations } from '../../src/platform/http/operation.js';
import { createHttpServer } from '../../src/platform/http/server.js';
import type { Service } from '../../src/service.js';

export interface ApiStatus {
  errorCode: string;
  errorMessage: string;
}

/** What every JSON answer wears; `apiData` is null on errors. */
export interface Envelope<T> {
  apiStatus: ApiStatus;
  apiData: T | null;
}

/** An OK answer: its data is the operation's response (which may itself be null). */
interface Success<T> {
  apiStatus: ApiStatus;
  apiData: T;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface ApiClient {
  readonly app: FastifyInstance;
  readonly host: string;
  /** Sent as `session` in every body (and query) that names none. */
  readonly session: string | undefined;
  /** POST with a JSON body; answers the envelope whatever its status. */
  call<T = unknown>(path: string, body?: object, options?: CallOptions): Promise<Envelope<T>>;
  /** POST that must answer OK (fails the test with the path and apiStatus otherwise); answers apiData. */
  ok<T = unknown>(path: string, body?: object, options?: CallOptions): Promise<T>;
  /** POST that must answer `code`, a message naming `naming` when given, and apiData null. */
  expectError(path: string, body: object, code: string, naming?: string): Promise<Envelope<null>>;
  /** GET with the query as the operation's parameters; answers the envelope. */
  get<T = unknown>(path: string, query?: Query): Promise<Envelope<T>>;
  /** GET that must answer OK; answers apiData. */
  getOk<T = unknown>(path: string, query?: Query): Promise<T>;
  /** A raw request with the tenant's host (non-JSON answers, status codes, headers). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The same client calling with another session (undefined: none). */
  as(session: string | undefined): ApiClient;
  /** The same client on another app (an area's own app, a second node). */
  on(app: FastifyInstance): ApiClient;
}

const OK_STATUS: ApiStatus = { errorCode: 'OK', errorMessage: 'Success' };

/** What a failed expectation shows of a request. */
function described(path: string, body: object): string {
  return `${path} ${JSON.stringify(body).slice(0, 200)}`;
}

export function apiClient(app: FastifyInstance, host: string, session?: string): ApiClient {
  const withSession = (body: object): object =>
    session === undefined || 'session' in body ? body : { session, ...body };

  async function sendPost<T>(path: string, body: object, options: CallOptions): Promise<Success<T>> {
    const answer = await app.inject({
      method: 'POST',
      url: path,
      headers: { host, ...options.headers },
      payload: withSession(body),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    return answer.json<Success<T>>();
  }

  async function sendGet<T>(path: string, query: Query): Promise<Success<T>> {
    const named: Query = session === undefined || 'session' in query ? query : { session, ...query };
    const parameters = new URLSearchParams();
    for (const [name, value] of Object.entries(named)) {
      if (value !== undefined) parameters.append(name, String(value));
    }
    const search = parameters.size > 0 ? `?${parameters}` : '';
    const answer = await app.inject({ method: 'GET', url: `${path}${search}`, headers: { host } });
    return answer.json<Success<T>>();
  }

  const client: ApiClient = {
    app,
    host,
    session,
    call: (path, body = {}, options = {}) => sendPost(path, body, options),
    async ok<T>(path: string, body: object = {}, options: CallOptions = {}): Promise<T> {
      const answer = await sendPost<T>(path, body, options);
      expect(answer.apiStatus, described(path, body)).toEqual(OK_STATUS);
      return answer.apiData;
    },
    async expectError(path, body, code, naming) {
      const answer = await sendPost<null>(path, body, {});
      const request = described(path, body);
      expect(answer.apiStatus.errorCode, request).toBe(code);
      if (naming !== undefined) expect(answer.apiStatus.errorMessage, request).toContain(naming);
      expect(answer.apiData, request).toBeNull();
      return answer;
    },
    get: (path, query = {}) => sendGet(path, query),
    async getOk<T>(path: string, query: Query = {}): Promise<T> {
      const answer = await sendGet<T>(path, query);
      expect(answer.apiStatus, described(path, query)).toEqual(OK_STATUS);
      return answer.apiData;
    },
    inject: (options) => app.inject({ ...options, headers: { host, ...options.headers } }),
    as: (other) => apiClient(app, host, other),
    on: (other) => apiClient(other, host, session),
  };
  return client;
}

/**
 * An app of its own serving `operations` on the service's real kernel (sessions, tenants, pools), as
 * src/service.ts wires an area: for an area not in the composition root yet, or one built with other settings.
 * The caller closes it.
 */
export async function areaApp(service: Service, operations: readonly OperationDeclaration[]): Promise<FastifyInstance> {
  const app = await createHttpServer(service.app.kernel, pino({ level: 'silent' }));
  registerOperations(app, operations, service.records);
  await app.ready();
  return app;
}

/** `value`, or a failed test naming `what` when it is missing (an index past the end, an absent record). */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what}: missing`);
  return value;
}
