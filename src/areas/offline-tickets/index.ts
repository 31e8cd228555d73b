// The offline ticket area: a supplier's ticket codes loaded by agents, reserved for a cart reference, and what
// the cart's payment (or its expiry) does to the tickets reserved for it.
import type { Area } from '../../platform/area.js';
import { offlineTicketOperations } from './offline-tickets.operations.js';
import { markSoldForReference, releaseForReference, ticketsForReference } from './offline-tickets.sales.js';
import { createOfflineTicketService, type OfflineTicketDeps } from './offline-tickets.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'offline tickets',
    description: 'Supplier ticket codes loaded in advance and reserved for carts (agents, admins)',
  },
];

export type { ReferencedTicket, TicketRef } from './offline-tickets.sales.js';
export type { OfflineTicket } from './offline-tickets.schemas.js';

/** What a sale does to the tickets reserved for its reference; each runs in the caller's transaction. */
export interface OfflineTicketsApi {
  markSoldForReference: typeof markSoldForReference;
  releaseForReference: typeof releaseForReference;
  ticketsForReference: typeof ticketsForReference;
}

export function createOfflineTicketsArea(deps: OfflineTicketDeps): Area<OfflineTicketsApi> {
  return {
    tags: TAGS,
    operations: offlineTicketOperations(createOfflineTicketService(deps)),
    api: { markSoldForReference, releaseForReference, ticketsForReference },
  };
}
