// The booking of an order paid online is made in the payment's transaction and ticketed after it commits, by the
// outbox (kind 'booking-confirm'): durable, retried, and never holding a pool lease during a supplier call. A confirm
// that leaves lines unticketed (PARTIAL or FAILED) is retried on the outbox's schedule; confirm never tickets a line
// twice, so a retry, or a customer's own confirm meanwhile, is harmless. Once every line is ticketed the tickets
// e-mail follows, with the PDF voucher (tickets-mail.ts); when the outbox gives up, it follows with what was issued.
import type { Queryable } from '../../platform/database/connections.js';
import type { AfterCommit } from '../../platform/database/transaction.js';
import { enqueueTask, type OutboxTaskHandler } from '../../platform/outbox/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import type { Confirmer } from './booking-confirm.js';
import type { WithDb } from './ticketing/index.js';

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

export interface ConfirmTaskDeps {
  confirmer: Confirmer;
  log: FastifyBaseLogger;
  /** Queues the request's tickets e-mail (once: its dedupe key). */
  mailTickets: (
    scope: { tenant: TenantRecord; withDb: WithDb; log: FastifyBaseLogger },
    requestId: number,
  ) => Promise<void>;
}

export function bookingConfirmTask(deps: ConfirmTaskDeps): OutboxTaskHandler {
  return {
    async run(tenant, task, withDb) {
      const requestId = requestIdOf(task.payload);
      if (requestId === undefined) return { kind: 'failed', reason: 'the payload names no booking request' };
      const scope = { tenant, withDb, log: deps.log };
      const result = await deps.confirmer.confirm(scope, requestId, undefined);
      if (result.completeResult === 'OK') {
        await deps.mailTickets(scope, requestId);
        return { kind: 'done' };
      }
      const failed = result.ticketingResults.filter((line) => line.result === 'FAILED').map((line) => line.statusCode);
      const reason = `${result.completeResult}: lines not ticketed (${failed.join(', ')})`;
      if (task.attempts + 1 < MAX_ATTEMPTS) return { kind: 'retry', reason };
      // given up: the buyer hears of the order all the same, with the tickets issued so far and the page's link
      await deps.mailTickets(scope, requestId);
      return { kind: 'failed', reason };
    },
  };
}
