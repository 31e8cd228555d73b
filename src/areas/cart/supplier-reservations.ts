// The cart's housekeeping of ticket-supplier reservations: a line whose hold lapsed (or whose cart was deleted) has
// its reservation let go at the supplier, then is stamped released (the supplier's release is idempotent, so a
// node that stops between the two, or two nodes at once, do no harm: the next round lets it go again). Lines of an
// ordered cart are the booking's to confirm and are never let go here. A payment link keeps its cart's lines held
// until the link ends, as it keeps its seats.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Sql } from '../../platform/database/connections.js';
import { EVERY_MINUTE, type PeriodicJob } from '../../platform/periodic/periodic-work.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { type SupplierReservations, supplierTicketOf } from './cart-supplier-tickets.js';

/** Lines let go per tenant and round: a backlog drains over rounds without holding the round up. */
const BATCH = 200;

interface LapsedLine {
  cart_id: string;
  item_id: number;
  supplier_ticket: unknown;
}

async function lapsedLines(db: Queryable, now: Date): Promise<LapsedLine[]> {
  return db<LapsedLine[]>`
    SELECT i.cart_id::text, i.item_id, i.supplier_ticket
    FROM cart_items i JOIN carts c ON c.cart_id = i.cart_id
    WHERE i.supplier_ticket IS NOT NULL AND i.supplier_released_at IS NULL
      AND c.status <> 'ORDERED' AND (i.supplier_held_until <= ${now} OR c.status = 'DELETED')
    ORDER BY i.supplier_held_until
    LIMIT ${BATCH}`;
}

async function markReleased(db: Queryable, line: LapsedLine, now: Date): Promise<void> {
  await db`
    UPDATE cart_items SET supplier_released_at = ${now}
    WHERE cart_id = ${line.cart_id} AND item_id = ${line.item_id} AND supplier_released_at IS NULL`;
}

/** Lets go the tenant's lapsed reservations; answers how many. A failing release is tried again next round. */
export async function releaseLapsedReservations(
  reservations: SupplierReservations,
  scope: { tenant: TenantRecord; db: Sql; now: Date; log: FastifyBaseLogger },
): Promise<number> {
  let released = 0;
  for (const line of await lapsedLines(scope.db, scope.now)) {
    const kept = supplierTicketOf(line.supplier_ticket);
    try {
      if (kept) await reservations.supplier.release(scope.tenant.tenantId, kept.reservation);
      await markReleased(scope.db, line, scope.now);
      released += 1;
    } catch (error) {
      scope.log.warn(
        { err: error, tenant: scope.tenant.tenantCode, reservationId: kept?.reservation.reservationId },
        'a lapsed supplier reservation was not released; the next round tries again',
      );
    }
  }
  return released;
}

export function createReservationSweeper(deps: {
  reservations: SupplierReservations;
  log: FastifyBaseLogger;
  clock: () => Date;
}): PeriodicJob {
  return {
    name: 'supplier reservation sweep',
    everyMs: EVERY_MINUTE,
    run: async (tenant, db) => {
      const released = await releaseLapsedReservations(deps.reservations, {
        tenant,
        db,
        now: deps.clock(),
        log: deps.log,
      });
      if (released > 0) deps.log.debug({ tenant: tenant.tenantCode, released }, 'supplier reservations released');
    },
  };
}

/** A payment link's cart: its ticket-supplier lines stay held until `until` (the link's end and grace). */
export async function extendSupplierHolds(db: Queryable, cartId: string, until: Date): Promise<void> {
  await db`
    UPDATE cart_items SET supplier_held_until = GREATEST(supplier_held_until, ${until})
    WHERE cart_id = ${cartId} AND supplier_ticket IS NOT NULL AND supplier_released_at IS NULL`;
}
