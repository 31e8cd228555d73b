// /offline/*: the offline ticket inventory, for agents and admins only (contract §3). The specification marks
// `session` O on reserveForCart, so a call without one answers NOT_LOGGED_IN, as on load and list.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  ListTicketsRequest,
  LoadTicketsRequest,
  OfflineTicket,
  ReserveForCartRequest,
} from './offline-tickets.schemas.js';
import type { OfflineTicketService } from './offline-tickets.service.js';

const policy = { allow: Allow.agentOrAdmin, tags: ['offline tickets'] } as const;

const load = (tickets: OfflineTicketService) =>
  operation({
    ...policy,
    path: '/offline/ticket/load',
    methods: ['POST'],
    summary: "Load a supplier's ticket codes for a product (1 to 1000, all or none) → the created tickets",
    description:
      'A code already loaded for the product, or sent twice, answers DUPLICATE naming it and nothing is loaded. ' +
      "validUntil must not be before the tenant's today.",
    input: LoadTicketsRequest,
    response: Type.Array(OfflineTicket),
    handler: (ctx, input) => tickets.load(ctx, input),
  });

const list = (tickets: OfflineTicketService) =>
  operation({
    ...policy,
    path: '/offline/ticket/list',
    methods: ['POST'],
    summary: 'Offline tickets, newest first (at most 1000), by status and product',
    input: ListTicketsRequest,
    response: Type.Array(OfflineTicket),
    handler: (ctx, input) => tickets.list(ctx, input),
  });

const reserveForCart = (tickets: OfflineTicketService) =>
  operation({
    ...policy,
    path: '/offline/sale/reserveForCart',
    methods: ['POST'],
    summary: 'Reserve offline tickets for a cart reference (all or none) → the reserved tickets',
    description:
      'Every ticket must exist (NOTFOUND) and be AVAILABLE and not expired (INVALID_STATE); tickets already ' +
      'reserved for the same reference are answered again. No accounting quote or payment link is created; the ' +
      "cart's successful payment marks the tickets SOLD.",
    input: ReserveForCartRequest,
    response: Type.Array(OfflineTicket),
    handler: (ctx, input) => tickets.reserveForCart(ctx, input.ticketIds, input.blmCartReference),
  });

/** Every operation of the area, bound to its services. */
export function offlineTicketOperations(tickets: OfflineTicketService): OperationDeclaration[] {
  return [load, list, reserveForCart].map((declare) => declare(tickets));
}
