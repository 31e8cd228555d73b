// How the online booking operations talk to the supplier: every failure of the supplier becomes API_ERROR in our
// words (its own message goes to the log only), and the supplier's booking statuses map to ours.
import { HotelSupplierError, type SupplierBookingStatus } from '../../../integrations/hotels/index.js';
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { HotelBookingStatus } from './hotel-bookings.repository.js';

/** The supplier's answer, or API_ERROR naming what could not be done ("book the offer"). */
export async function fromSupplier<T>(ctx: TenantContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw supplierFailure(ctx, what, error);
  }
}

/** A supplier's failure as the API_ERROR answered; anything else as it is (a bug: GENERAL). */
export function supplierFailure(ctx: TenantContext, what: string, error: unknown): unknown {
  if (!(error instanceof HotelSupplierError)) return error;
  ctx.log.warn({ err: error, kind: error.kind }, `the hotel supplier could not ${what}`);
  return new ApiError(ErrorCode.API_ERROR, `The hotel supplier could not ${what}; try again later`);
}

/** Our status for the supplier's; undefined where ours stays as it is (a cancellation still being processed). */
export function ourStatus(
  status: SupplierBookingStatus,
): Exclude<HotelBookingStatus, 'PENDING' | 'FAILED'> | undefined {
  switch (status) {
    case 'CONFIRMED':
    case 'VOUCHERED':
      return 'CONFIRMED';
    case 'ON_REQUEST':
      return 'ON_REQUEST';
    case 'CANCELLED':
    case 'REJECTED':
      return 'CANCELLED';
    case 'CANCELLATION_REQUESTED':
      return undefined;
  }
}
