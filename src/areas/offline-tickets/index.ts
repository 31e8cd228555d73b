// The offline ticket area's public face: its operations, and what a cart's payment does to its reserved tickets.
export { registerOfflineTicketOperations } from './offline-tickets.operations.js';
export { TICKET_STATUSES, type TicketStatus } from './offline-tickets.rules.js';
export {
  markSoldForReference,
  type ReferencedTicket,
  releaseForReference,
  type TicketRef,
  ticketsForReference,
} from './offline-tickets.sales.js';
export type { OfflineTicket } from './offline-tickets.schemas.js';
export { createOfflineTicketService, type OfflineTicketService } from './offline-tickets.service.js';
