// The bookings area (issue 14, contract §7.3): booking requests made from paid sales orders (tables
// booking_requests, booking_lines, booking_tickets, ticket_signing_keys), their ticketing per line, the booking
// look-ups by e-mail and reference, and the tickets served to holders of a request's id and access code.
import type { Area } from '../../platform/area.js';
import type { Config } from '../../config.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { OperationDeclaration } from '../../platform/http/operation.js';
import { createTicketOperations } from './tickets/index.js';

/** What the composition root hands the bookings area. */
export interface BookingsAreaDeps {
  clock: () => Date;
  tenantUrl: (tenantCode: string) => string;
  config: Pick<Config, 'dataDir' | 'rateLimits'>;
  // ── tickets helper: its deps go here ──
  /** Seals the tenant's ticket-signing key. */
  secretBox: SecretBox;
}

/** What other areas may ask of bookings. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the area grows
export type BookingsApi = {};

export function createBookingsArea(deps: BookingsAreaDeps): Area<BookingsApi> {
  void deps;
  const operations: OperationDeclaration[] = [
    // ── tickets helper: `...ticketOperations(...)` goes here (src/areas/bookings/tickets/) ──
    ...createTicketOperations({
      ...deps,
      dataDir: deps.config.dataDir,
      lookupsPerMinute: deps.config.rateLimits.secretPairLookup,
    }),
  ];
  return { operations, api: {} };
}
