// Ticketing one claimed line, as two steps with undo (platform/steps.ts): issue the tickets at the line's source
// (outside any transaction), then write them with the line's CONFIRMED in one transaction, only while our claim
// still holds. A write that fails, or finds the claim taken over, undoes the issue (a supplier booking is
// cancelled); a failure of the source marks the line FAILED with its reason, so no line is ever left half ticketed.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../../platform/database/connections.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { steps } from '../../../platform/steps.js';
import { confirmLine, failLine, insertTickets, type LineClaim } from '../bookings.repository.js';
import { type IssueContext, TicketingError, type TicketSources } from './port.js';

export { type IssueContext, TicketingError, type TicketSource, type TicketSources } from './port.js';
export { supplierKeyOf, ticketSources } from './sources.js';

/** Runs work on a lease of the tenant's database, released before the next supplier call. */
export type WithDb = <T>(work: (db: Sql) => Promise<T>) => Promise<T>;

export interface TicketingScope {
  withDb: WithDb;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** Another confirm took the line over while this one was issuing: it settles the line, not us. */
class ClaimLost extends Error {
  constructor() {
    super('the line was claimed by another confirm');
  }
}

function failureOf(error: unknown, scope: TicketingScope, context: IssueContext) {
  if (error instanceof TicketingError) return { code: error.code, message: error.message };
  scope.log.error(
    { err: error, requestId: context.request.booking_request_id, line: context.line.line_no },
    'ticketing a booking line failed',
  );
  return { code: 'TICKETING_ERROR', message: 'The tickets could not be issued; confirm again to retry' };
}

export async function ticketLine(sources: TicketSources, scope: TicketingScope, context: IssueContext): Promise<void> {
  const claim: LineClaim = {
    requestId: context.request.booking_request_id,
    lineNo: context.line.line_no,
    attempt: context.attempt,
  };
  const source = sources[context.line.source];
  try {
    await steps('ticketing')
      .stepWithResults('issue', {
        run: async () => ({ issued: await source.issue(context) }),
        undo: async () => source.undo?.(context),
      })
      .step('record', {
        run: ({ issued }) =>
          scope.withDb((db) =>
            withTransaction({ db, log: scope.log }, async (tx) => {
              if (!(await confirmLine(tx, claim, issued.supplier, scope.clock()))) throw new ClaimLost();
              await insertTickets(tx, issued.tickets);
            }),
          ),
      })
      .run({ log: scope.log });
  } catch (error) {
    if (error instanceof ClaimLost) return;
    const failure = failureOf(error, scope, context);
    await scope.withDb((db) => failLine(db, claim, failure));
  }
}
