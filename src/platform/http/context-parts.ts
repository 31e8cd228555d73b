// Parts of an operation's context that the kernel fills in beside the session: the tenant database handle (or the
// stand-in database of operations that declare none), and the signal of a client's leaving for operations whose work
// is worth stopping then.
import type { FastifyReply } from 'fastify';
import type { Sql } from '../database/connections.js';
import { deferredLease } from '../database/deferred-lease.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import type { Kernel } from './kernel.js';

/**
 * A tenant with a pool open here lends a connection at no cost, so it is taken at once, without a promise (a
 * deferred handle costs a tenth of a one-query request). A tenant without one gets a handle that takes it at the
 * first query: a request a cache answers then opens no pool, and closes no other tenant's.
 */
export function leaseFor(kernel: Kernel, tenant: TenantRecord) {
  return kernel.pools.leaseOpen(tenant) ?? deferredLease(() => kernel.pools.acquire(tenant));
}

/** Operations declared with `database: false` get this: touching it is a programming error. */
export const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error('this operation was declared with database: false');
    },
  },
) as Sql;

/**
 * Aborted when the client leaves before its answer is sent: the response closes unfinished (its connection is gone).
 * Not the request's own signal, which Node aborts once a POST's body has been read.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  if (response.socket?.destroyed) controller.abort();
  else response.once('close', () => response.writableFinished || controller.abort());
  return controller.signal;
}
