// What the kernel does to a request's parameters before its checks (operation.ts): a body-less POST gets an empty
// object, strings are normalised by the schema, and a parameter no database can hold is noted, to be answered only
// after the session and role checks (contract §7.1's order of refusals).
import type { TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { normalizeInput, unstorableInput, unstorableParameter } from './input.js';

export function prepareInput(
  request: FastifyRequest,
  bodySchema: TObject | undefined,
  querySchema: TObject | undefined,
  done: (error?: Error) => void,
): void {
  try {
    // Noted here, answered after the session and role checks (contract §7.1's order of refusals).
    const unstorable =
      unstorableParameter(request.params) ??
      (bodySchema ? unstorableParameter(request.body) : undefined) ??
      unstorableParameter(request.query);
    if (unstorable !== undefined) unstorableParameters.set(request, unstorable);
    if (bodySchema) {
      if (request.body === undefined || request.body === null) request.body = {};
      request.body = normalizeInput(bodySchema, request.body);
    }
    // A GET's path parameters (`/booking/voucher/:id`) are parameters of its input like the query's, and win.
    if (querySchema) request.query = normalizeInput(querySchema, withPathParameters(request, bodySchema));
    done();
  } catch (error) {
    done(error as Error);
  }
}

function withPathParameters(request: FastifyRequest, bodySchema: TObject | undefined): unknown {
  const params = request.params;
  if (bodySchema || params === null || typeof params !== 'object' || Object.keys(params).length === 0) {
    return request.query;
  }
  return { ...(request.query as object), ...params };
}

/** The parameter holding NUL or an unpaired surrogate, per request that sent one (contract §7.1). */
const unstorableParameters = new WeakMap<FastifyRequest, string>();

export function refuseUnstorableInput(request: FastifyRequest): void {
  const parameter = unstorableParameters.get(request);
  if (parameter !== undefined) throw unstorableInput(parameter);
}
