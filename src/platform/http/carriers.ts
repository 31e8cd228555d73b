// Every token a tenant request carries is read and resolved here, by the kernel, never by a handler: the caller's
// session (its carriers, the website key `pk` and an operation's own query name for the session, GET printInvoice's
// `token`, among them where an operation declares them) and a second session an operation names as a parameter
// (cart persist's `oldSession`). A handler that resolved a token itself skipped the kernel's checks: printInvoice's
// former query `token` served sessions that must change their password first (issue 11, finding 6); declared as a
// carrier (issue 28), it meets them all. A source test keeps src/areas free of token reading.
import { type TObject, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { type CarriedToken, carriedSession, type Session } from '../auth/session.js';
import { ApiError, ErrorCode } from './errors.js';
import { isUnstorableText, unstorableInput, VERBATIM } from './input.js';
import type { Kernel } from './kernel.js';
import type { TenantContext } from './operation.js';

/** What the kernel needs of an operation's declaration to read its carriers. */
interface CarrierDeclaration {
  input?: TObject;
  query?: TObject;
  sessionQueryParameter?: string;
}

/** The caller's token from its carriers; one no database can hold is refused, naming its parameter. */
export function callerToken(request: FastifyRequest, declared: CarrierDeclaration): CarriedToken | undefined {
  const websiteKey = Boolean(declared.input?.properties.pk ?? declared.query?.properties.pk);
  const carried = carriedSession(request, { websiteKey, queryParameter: declared.sessionQueryParameter });
  if (carried && isUnstorableText(carried.token)) throw unstorableInput(carried.parameter);
  return carried;
}

/**
 * The session whose token the validated input holds in `parameter` (a string the schema requires). An unknown or
 * expired one answers TOKEN_ERROR naming the parameter.
 */
export async function namedSession(
  kernel: Kernel,
  ctx: TenantContext,
  parameter: string,
  input: unknown,
): Promise<Session> {
  const token = input !== null && typeof input === 'object' ? Reflect.get(input, parameter) : undefined;
  const session = typeof token === 'string' && token ? await kernel.sessions.resolve(ctx, token) : undefined;
  if (!session) throw new ApiError(ErrorCode.TOKEN_ERROR, `Parameter ${parameter} is not a recognised session`);
  return session;
}

const SessionParameter = Type.Optional(
  Type.String({ description: 'Session token (also accepted as header or query parameter)', [VERBATIM]: true }),
);

const NamedSessionParameter = Type.Optional(
  Type.String({ description: 'Session token, under the name the specification gives it here', [VERBATIM]: true }),
);

/** An operation's parameters with its session carriers: `session`, and its own query name for it if it has one. */
export function withSessionCarriers(schema: TObject, sessionQueryParameter: string | undefined): TObject {
  const named = sessionQueryParameter ? { [sessionQueryParameter]: NamedSessionParameter } : {};
  return { ...schema, properties: { ...schema.properties, session: SessionParameter, ...named } };
}
