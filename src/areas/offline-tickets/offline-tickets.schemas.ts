import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../platform/http/schema.js';
import { LIMITS, TICKET_STATUSES, type TicketStatus } from './offline-tickets.rules.js';

const DateTimeText = (description: string) =>
  Nullable(Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` }));

// A plain string enum (not a union of literals) so a wrong value is answered "must be one of …".
const Status = Type.Unsafe<TicketStatus>(
  Type.String({ enum: [...TICKET_STATUSES], description: TICKET_STATUSES.join(', ') }),
);

export const OfflineTicket = Type.Object({
  ticketId: Type.Integer(),
  productId: Type.Integer(),
  code: Type.String({ description: 'The ticket code as the supplier issued it (case-sensitive)' }),
  validUntil: Nullable(Type.String({ description: 'Last day of validity, yyyy-MM-dd (tenant calendar date)' })),
  status: Status,
  cartReference: Nullable(Type.String({ description: 'The cart reference it is reserved or sold for' })),
  reservedAt: DateTimeText('When it was reserved'),
  soldAt: DateTimeText('When its payment succeeded'),
  createdAt: Type.String({ description: "When it was loaded (yyyy-MM-dd'T'HH:mm:ss, tenant time)" }),
});
export type OfflineTicket = Static<typeof OfflineTicket>;

export const LoadTicketsRequest = Type.Object({
  productId: RecordId('The catalog product the tickets admit to'),
  tickets: Type.Array(
    Type.Object({
      code: Type.String({ minLength: 1, maxLength: LIMITS.code, description: 'Trimmed; unique per product' }),
      validUntil: Type.Optional(
        Type.String({ format: 'date', description: "yyyy-MM-dd, not before the tenant's today" }),
      ),
    }),
    { minItems: 1, maxItems: LIMITS.ticketsPerLoad },
  ),
});
export type LoadTicketsRequest = Static<typeof LoadTicketsRequest>;

export const ListTicketsRequest = Type.Object({
  status: Type.Optional(Status),
  productId: Type.Optional(RecordId()),
});
export type ListTicketsRequest = Static<typeof ListTicketsRequest>;

export const ReserveForCartRequest = Type.Object({
  ticketIds: Type.Array(RecordId(), {
    minItems: 1,
    maxItems: LIMITS.ticketsPerReservation,
    uniqueItems: true,
    description: 'Offline tickets to reserve, each AVAILABLE and not expired',
  }),
  blmCartReference: Type.String({
    maxLength: 100,
    description: "The cart reference the tickets are reserved for (the cart's orderNum or a back-office reference)",
  }),
});
export type ReserveForCartRequest = Static<typeof ReserveForCartRequest>;
