// The tickets of booking requests (issue 14 item 3): signed QR codes, getTickets and the voucher, the published
// ticket key, the printable page and PDF, and check-in; and the ticket sheet (where to be and when, the order, whom
// to call) that the page, the PDF and the tickets e-mail show. Part of the bookings area: its index wires it.
import type { SecretBox } from '../../../platform/crypto.js';
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import type { Brands } from '../../../platform/rendering/branding.js';
import { createTicketPages, type TicketPages } from './ticket-pages.js';
import type { SheetDeps } from './ticket-sheet.js';
import { createTicketSigner } from './ticket-signing.js';
import { ticketOperations } from './tickets.operations.js';
import { createTicketService, type TicketService } from './tickets.service.js';

export { ticketPageUrl } from './tickets.service.js';
export type { TicketSheet } from './ticket-sheet.js';
export type { TicketPages } from './ticket-pages.js';
export type { TicketService } from './tickets.service.js';

export interface TicketDeps extends SheetDeps {
  secretBox: SecretBox;
  tenantUrl: (tenantCode: string) => string;
  dataDir: string;
  /** Look-ups by id and access code per client address and minute (contract §7.1: at least 60). */
  lookupsPerMinute: number;
  /** The agency's contact on a tickets page that cannot show tickets. */
  brands: Pick<Brands, 'of'>;
}

/** The ticket operations of /booking, and the service and pages the tickets e-mail uses. */
export function createTickets(deps: TicketDeps): {
  operations: OperationDeclaration[];
  tickets: TicketService;
  pages: TicketPages;
} {
  const tickets = createTicketService({ ...deps, signer: createTicketSigner(deps) });
  const pages = createTicketPages({ ...deps, tickets });
  return { operations: ticketOperations({ tickets, pages }), tickets, pages };
}
