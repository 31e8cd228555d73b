// The booking of an order paid online is made in the payment's transaction and ticketed after it commits, by the
// outbox (kind 'booking-confirm'): durable, retried, and never holding a pool lease during a supplier call. A confirm
// that leaves lines unticketed (PARTIAL or FAILED) is retried on the outbox's schedule; confirm never tickets a line
// twice, so a retry, or a customer's own confirm meanwhile, is harmless.
import type { Queryable } from '../../platform/database/connections.js';
import type { AfterCommit } from '../../platform/database/transaction.js';
import { enqueueTask, type OutboxTaskHandler } from '../../platform/outbox/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Confirmer } from './booking-confirm.js';

export const BOOKING_CONFIRM_TASK = 'booking-confirm';
/**
 * Attempts after which the outbox stops retrying a booking whose lines keep failing (a supplier that refuses for
 * good): about an hour of the outbox's schedule. The lines stay FAILED; the buyer's or staff's confirm retries.
 */
const MAX_ATTEMPTS = 12;

/** Queues the request's ticketing in the caller's transaction, once per request; `kick` runs once it commits. */
export async function queueBookingConfirm(
  tx: Queryable,
  afterCommit: AfterCommit,
  kick: () => void,
  bookingRequestId: number,
): Promise<void> {
  await enqueueTask(tx, BOOKING_CONFIRM_TASK, { bookingRequestId }, `booking-confirm:${bookingRequestId}`);
  afterCommit(kick);
}

function requestIdOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !('bookingRequestId' in payload)) return undefined;
  const id = payload.bookingRequestId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

export function bookingConfirmTask(deps: { confirmer: Confirmer; log: FastifyBaseLogger }): OutboxTaskHandler {
  return {
    async run(tenant, task, withDb) {
      const requestId = requestIdOf(task.payload);
      if (requestId === undefined) return { kind: 'failed', reason: 'the payload names no booking request' };
      const result = await deps.confirmer.confirm({ tenant, withDb, log: deps.log }, requestId, undefined);
      if (result.completeResult === 'OK') return { kind: 'done' };
      const failed = result.ticketingResults.filter((line) => line.result === 'FAILED').map((line) => line.statusCode);
      const reason = `${result.completeResult}: lines not ticketed (${failed.join(', ')})`;
      return task.attempts + 1 >= MAX_ATTEMPTS ? { kind: 'failed', reason } : { kind: 'retry', reason };
    },
  };
}
