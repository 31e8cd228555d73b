// Parts of an operation's context that the kernel fills in beside the session: the stand-in database of operations
// that declare none, and the signal of a client's leaving for operations whose work is worth stopping then.
import type { FastifyReply } from 'fastify';
import type { Sql } from '../database/connections.js';

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
