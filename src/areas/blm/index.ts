// The back-office bookings area (BLM, contract §7.3): bookings agents keep for customers (tables blm_bookings,
// blm_booking_lines, blm_payments, blm_booking_counters), carts merged into them, payments, payment links (an
// owner kind of the payments area) and the sweep that expires options whose deadline passed.
import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '../../platform/area.js';
import type { Queryable } from '../../platform/database/connections.js';
import { EVERY_MINUTE, type PeriodicJob, type PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { CartApi } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomersApi } from '../customers/index.js';
import type { PaymentsApi } from '../payments/index.js';
import type { SalesApi } from '../sales/index.js';
import { type BookingTickets, releaseTickets } from './blm-tickets.js';
import { createBookingMerge } from './blm-merge.js';
import { blmPaymentOwner } from './blm-payment-owner.js';
import { type BlmApi, createBlmApi } from './blm.api.js';
import { blmOperations } from './blm.operations.js';
import { blmRecords } from './blm.records.js';
import { expireOptions } from './blm.repository.js';
import { createBookingService } from './blm.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'back-office bookings',
    description: "Agents' bookings for customers (/blm/*): lifecycle, payments, payment links and carts merged in",
  },
];

export interface BlmAreaDeps {
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** Where the booking registers as an owner of payment links. */
  payments: PaymentsApi;
  customers: Pick<CustomersApi, 'findById'>;
  /** The offline tickets reserved for a booking's cart reference: sold when it is paid, released when it ends. */
  offlineTickets: BookingTickets;
  cart: Pick<CartApi, 'lockCartToMerge' | 'closeMergedCart'>;
  /** Whether a cart's payment link can still be paid (such a cart is not merged). */
  sales: Pick<SalesApi, 'cartHasPayableLink'>;
  catalog: Pick<CatalogApi, 'convertToSale'>;
  /** The customer record of a customer user (a merged cart's owner). */
  customerRecordOfUser: (db: Queryable, userId: number) => Promise<number | undefined>;
}

export type { BlmApi, ExternalBooking, ExternalLine } from './blm.api.js';
export { Booking as BlmBooking } from './blm.schemas.js';

export function createBlmArea(deps: BlmAreaDeps): Area<BlmApi> {
  const links = deps.payments.registerOwner(blmPaymentOwner(deps));
  return {
    tags: TAGS,
    operations: [
      ...blmOperations({
        bookings: createBookingService(deps),
        merge: createBookingMerge(deps),
        links: { create: async (ctx, bookingId) => ({ bookingId, ...(await links.createLink(ctx, bookingId)) }) },
      }),
      ...links.operations,
    ],
    api: createBlmApi(deps),
    records: blmRecords,
    jobs: [
      deps.periodic.register(createOptionExpirySweep({ ...deps, log: deps.logger })),
      links.roundJob('booking payment links'),
    ],
  };
}

/** Options whose deadline passed are written EXPIRED every minute (reads already show them so). */
export function createOptionExpirySweep(deps: {
  offlineTickets: BookingTickets;
  log: FastifyBaseLogger;
  clock: () => Date;
}): PeriodicJob {
  return {
    name: 'booking option expiry',
    everyMs: EVERY_MINUTE,
    run: async (tenant, db) => {
      const now = deps.clock();
      // One transaction: an expired booking's reserved tickets go back with it.
      const expired = await db.begin(async (tx) => {
        const rows = await expireOptions(tx, now);
        for (const row of rows) await releaseTickets(deps.offlineTickets, tx, row.cart_reference, now);
        return rows.length;
      });
      if (expired > 0) deps.log.debug({ tenant: tenant.tenantCode, expired }, 'booking options expired');
    },
  };
}
