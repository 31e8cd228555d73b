// Offline ticket inventory for agents and admins: load a supplier's ticket codes for a product, list them, and
// reserve some for a cart whose payment is under way. Loading and reserving are all or nothing.
import { loggedInUserId } from '../../platform/auth/session.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { formatDate } from '../../platform/time.js';
import type { CatalogApi } from '../catalog/index.js';
import * as repo from './offline-tickets.repository.js';
import { checkValidUntil, firstRefusal, firstRepeatedCode, LIMITS } from './offline-tickets.rules.js';
import type { ListTicketsRequest, LoadTicketsRequest, OfflineTicket } from './offline-tickets.schemas.js';
import { inRequestOrder, toOfflineTicket } from './offline-tickets.view.js';

const duplicateCode = (code: string, why: string) => new ApiError(ErrorCode.DUPLICATE, `Ticket code ${code} ${why}`);

/** What the inventory needs of the catalog: that a ticket's product exists while its tickets are loaded. */
export interface OfflineTicketDeps {
  catalog: Pick<CatalogApi, 'lockProductKey'>;
}

export function createOfflineTicketService(deps: OfflineTicketDeps) {
  /** The tenant's calendar date: validity is a date on the attraction's side, not an instant. */
  const today = (ctx: TenantContext) => formatDate(ctx.now, ctx.tenant.timezone);
  const view = (ctx: TenantContext) => (row: repo.TicketRow) => toOfflineTicket(row, ctx.tenant.timezone);

  return {
    async load(ctx: TenantContext, input: LoadTicketsRequest): Promise<OfflineTicket[]> {
      checkValidUntil(input.tickets, today(ctx));
      const repeated = firstRepeatedCode(input.tickets.map((ticket) => ticket.code));
      if (repeated !== undefined) throw duplicateCode(repeated, 'appears twice in tickets');
      const loadedBy = loggedInUserId(ctx.session);
      return withTransaction(ctx, async (tx) => {
        if (!(await deps.catalog.lockProductKey(tx, input.productId))) throw notFound(`Product ${input.productId}`);
        const tickets = input.tickets.map((ticket) => ({ code: ticket.code, validUntil: ticket.validUntil ?? null }));
        const inserted = new Map(
          (await repo.insertTickets(tx, input.productId, tickets, loadedBy, ctx.now)).map((row) => [row.code, row]),
        );
        // A skipped code was loaded before (or by a concurrent load): throwing rolls back the whole batch.
        const taken = tickets.find((ticket) => !inserted.has(ticket.code));
        if (taken) throw duplicateCode(taken.code, `is already loaded for product ${input.productId}`);
        return tickets.flatMap((ticket) => inserted.get(ticket.code) ?? []).map(view(ctx));
      });
    },

    async list(ctx: TenantContext, input: ListTicketsRequest): Promise<OfflineTicket[]> {
      const filter = { status: input.status ?? null, productId: input.productId ?? null };
      return (await repo.listTickets(ctx.db, filter, LIMITS.listRows)).map(view(ctx));
    },

    /**
     * Reserves every ticket for the cart reference, or none. Tickets already reserved for the same reference are
     * answered again, so a client may repeat a request whose answer it lost. No quote or payment link is made here:
     * the payment of the cart marks the tickets SOLD (markSoldForReference).
     */
    async reserveForCart(ctx: TenantContext, ticketIds: number[], reference: string): Promise<OfflineTicket[]> {
      const day = today(ctx);
      return withTransaction(ctx, async (tx) => {
        await repo.lockTickets(tx, ticketIds);
        const reserved = await repo.reserveTickets(tx, ticketIds, reference, day, ctx.now);
        if (reserved.length < ticketIds.length) {
          const current = await repo.selectTickets(tx, ticketIds);
          const states = new Map(
            current.map((row) => [
              row.ticket_id,
              { status: row.status, cartReference: row.cart_reference, validUntil: row.valid_until },
            ]),
          );
          // Thrown inside the transaction: the tickets this statement did reserve go back too.
          throw firstRefusal(ticketIds, states, reference, day);
        }
        return inRequestOrder(reserved, ticketIds).map(view(ctx));
      });
    },
  };
}

export type OfflineTicketService = ReturnType<typeof createOfflineTicketService>;
