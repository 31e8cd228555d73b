// /booking/confirm: each line of the request is ticketed once, however many confirms run at once or one after the
// other. A confirm claims the lines still to ticket (one statement), tickets its claims outside any transaction
// (ticketing/), waits briefly for lines another confirm holds, and then, in one transaction with the request
// locked, answers the state of every line: OK or PARTIAL make the request CONFIRMED, FAILED leaves it PENDING
// (a later confirm retries the failed lines only). A confirm that reaches CONFIRMED with a mobilePhone queues the
// booking-confirmation WhatsApp message in that same transaction, once per request (its dedupe key).
import type { FastifyBaseLogger } from 'fastify';
import type { AfterCommit } from '../../platform/database/transaction.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { Queryable } from '../../platform/database/connections.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import type { MessagingApi } from '../messaging/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import * as repo from './bookings.repository.js';
import { completeMessageOf, completeResultOf, offlineCodesByLine } from './bookings.rules.js';
import type { BookingResult } from './bookings.schemas.js';
import { type TicketSources, ticketLine, type WithDb } from './ticketing/index.js';
import { ticketPageUrl } from './tickets/index.js';

/** The WhatsApp template of the booking confirmation: body parameters {{1}} refnum, {{2}} the tickets' link. */
export const CONFIRMATION_TEMPLATE = { name: 'booking_confirmation', language: 'en' } as const;

export interface ConfirmDeps {
  sources: TicketSources;
  offlineTickets: Pick<OfflineTicketsApi, 'ticketsForReference'>;
  messaging: Pick<MessagingApi, 'queueMessage'>;
  tenantUrl: (tenantCode: string) => string;
  clock: () => Date;
  /** A claim older than this was abandoned (its confirm died): longer than any supplier call may take. */
  claimTimeoutMs: number;
  /** How long a confirm waits for lines another confirm is ticketing before answering their current state. */
  waitForOthersMs: number;
}

export interface ConfirmScope {
  tenant: TenantRecord;
  withDb: WithDb;
  log: FastifyBaseLogger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createConfirmer(deps: ConfirmDeps) {
  return {
    confirm: (scope: ConfirmScope, requestId: number, mobilePhone: string | undefined) =>
      confirm(deps, scope, requestId, mobilePhone),
  };
}

export type Confirmer = ReturnType<typeof createConfirmer>;

async function confirm(
  deps: ConfirmDeps,
  scope: ConfirmScope,
  requestId: number,
  mobilePhone: string | undefined,
): Promise<BookingResult> {
  const request = await scope.withDb((db) => repo.findRequest(db, requestId));
  if (!request) throw notFound('Booking request');
  if (request.status === 'CANCELLED') throw new ApiError(ErrorCode.INVALID_STATE, 'The booking request is cancelled');
  const now = deps.clock();
  const staleBefore = new Date(now.getTime() - deps.claimTimeoutMs);
  const claimed = await scope.withDb((db) => repo.claimLines(db, requestId, now, staleBefore));
  if (claimed.length > 0) await ticketClaimed(deps, scope, request, claimed);
  await waitForOtherConfirms(deps, scope, requestId);
  return finish(deps, scope, requestId, mobilePhone);
}

async function ticketClaimed(
  deps: ConfirmDeps,
  scope: ConfirmScope,
  request: repo.BookingRequestRow,
  claimed: repo.BookingLineRow[],
): Promise<void> {
  const codesByLine = claimed.some((line) => line.source === 'OFFLINE')
    ? await offlineCodes(deps, scope, request)
    : new Map<number, string[]>();
  const ticketing = { withDb: scope.withDb, log: scope.log, clock: deps.clock };
  await Promise.all(
    claimed.map((line) =>
      ticketLine(deps.sources, ticketing, {
        tenant: scope.tenant,
        request,
        line,
        attempt: line.attempts,
        offlineCodes: codesByLine.get(line.line_no) ?? [],
      }),
    ),
  );
}

/** The offline codes sold for the order, shared among its OFFLINE lines. */
async function offlineCodes(deps: ConfirmDeps, scope: ConfirmScope, request: repo.BookingRequestRow) {
  const [lines, tickets] = await scope.withDb((db) =>
    Promise.all([
      repo.selectLines(db, request.booking_request_id),
      deps.offlineTickets.ticketsForReference(db, request.order_num),
    ]),
  );
  const offline = lines
    .filter((line) => line.source === 'OFFLINE')
    .map((line) => ({ lineNo: line.line_no, productId: line.product_id, quantity: line.quantity }));
  return offlineCodesByLine(
    offline,
    tickets.filter((ticket) => ticket.status === 'SOLD'),
  );
}

/**
 * Lines another confirm holds are waited for, briefly: every one of a burst of confirms then answers the same
 * finished state. A holder never takes longer than the supplier's timeout; past the wait the current state is
 * answered (those lines FAILED in the result, IN_PROGRESS as their status code).
 */
async function waitForOtherConfirms(deps: ConfirmDeps, scope: ConfirmScope, requestId: number): Promise<void> {
  const deadline = deps.clock().getTime() + deps.waitForOthersMs;
  for (let round = 0; ; round += 1) {
    const lines = await scope.withDb((db) => repo.selectLines(db, requestId));
    if (!lines.some((line) => line.status === 'IN_PROGRESS')) return;
    if (deps.clock().getTime() >= deadline) return;
    await sleep(Math.min(10 * 2 ** round, 200));
  }
}

async function finish(
  deps: ConfirmDeps,
  scope: ConfirmScope,
  requestId: number,
  mobilePhone: string | undefined,
): Promise<BookingResult> {
  return scope.withDb((db) =>
    withTransaction({ db, log: scope.log }, async (tx, afterCommit) => {
      const request = await repo.lockRequest(tx, requestId);
      if (!request) throw notFound('Booking request');
      const lines = await repo.selectLines(tx, requestId);
      const statuses = lines.map((line) => line.status);
      const completeResult = completeResultOf(statuses);
      if (completeResult !== 'FAILED' && request.status !== 'CANCELLED') {
        // A repeated confirm of a confirmed request changes nothing (its rqmoddate stays).
        const newPhone = mobilePhone !== undefined && mobilePhone !== request.mobile_phone;
        if (request.status === 'PENDING' || newPhone) {
          await repo.markConfirmed(tx, requestId, mobilePhone ?? null, deps.clock());
        }
        if (mobilePhone) await queueConfirmation(deps, scope.tenant, { tx, afterCommit }, request, mobilePhone);
      }
      return {
        requestId,
        referenceNumber: request.refnum,
        completeResult,
        completeMessage: completeMessageOf(completeResult, statuses),
        accessCode: request.access_code,
        ticketingResults: lines.map(ticketingResultOf),
      };
    }),
  );
}

function ticketingResultOf(line: repo.BookingLineRow): BookingResult['ticketingResults'][number] {
  switch (line.status) {
    case 'CONFIRMED':
      return { result: 'OK', statusCode: 'CONFIRMED', statusMessage: 'Ticketed' };
    case 'FAILED':
      return { result: 'FAILED', statusCode: line.error_code ?? 'FAILED', statusMessage: line.error_message ?? '' };
    case 'IN_PROGRESS':
      return { result: 'FAILED', statusCode: 'IN_PROGRESS', statusMessage: 'Being ticketed by another confirm' };
    default:
      return { result: 'FAILED', statusCode: 'PENDING', statusMessage: 'Not ticketed yet' };
  }
}

/** The booking-confirmation message, queued once per request whatever number later confirms give. */
async function queueConfirmation(
  deps: ConfirmDeps,
  tenant: TenantRecord,
  { tx, afterCommit }: { tx: Queryable; afterCommit: AfterCommit },
  request: repo.BookingRequestRow,
  mobilePhone: string,
) {
  const link = ticketPageUrl(deps.tenantUrl(tenant.tenantCode), request.booking_request_id, request.access_code);
  await deps.messaging.queueMessage(tx, afterCommit, tenant.tenantId, {
    to: mobilePhone,
    content: { kind: 'template', ...CONFIRMATION_TEMPLATE, bodyParameters: [request.refnum, link] },
    dedupeKey: `booking-confirmed:${request.booking_request_id}`,
  });
}
