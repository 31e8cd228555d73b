// The tickets of booking requests (issue 14 item 3): signed QR codes, getTickets and the voucher, the published
// ticket key, the printable page and PDF, and check-in. Part of the bookings area: its index wires it.
import type { SecretBox } from '../../../platform/crypto.js';
import type { Brands } from '../../../platform/rendering/branding.js';
import { createTicketPages } from './ticket-pages.js';
import { createTicketSigner } from './ticket-signing.js';
import { ticketOperations } from './tickets.operations.js';
import { createTicketService } from './tickets.service.js';

export { ticketPageUrl } from './tickets.service.js';

export interface TicketDeps {
  secretBox: SecretBox;
  tenantUrl: (tenantCode: string) => string;
  dataDir: string;
  /** Look-ups by id and access code per client address and minute (contract §7.1: at least 60). */
  lookupsPerMinute: number;
  /** The agency's contact on a tickets page that cannot show tickets. */
  brands: Pick<Brands, 'of'>;
}

/** The ticket operations of /booking. */
export function createTicketOperations(deps: TicketDeps) {
  const tickets = createTicketService({ ...deps, signer: createTicketSigner(deps) });
  return ticketOperations({ tickets, pages: createTicketPages({ tickets, ...deps }) });
}
