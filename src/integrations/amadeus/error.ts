// What went wrong with an Amadeus call, in the kinds every supplier port of ours shares; each adapter turns it into
// its own port's error (FlightSupplierError, HotelSupplierError) through AmadeusClientDeps.failure.
import type { FastifyBaseLogger } from 'fastify';

export type AmadeusLog = Pick<FastifyBaseLogger, 'warn'>;

export type AmadeusFailureKind = 'unavailable' | 'timeout' | 'rate-limited' | 'refused';

export class AmadeusError extends Error {
  constructor(
    readonly kind: AmadeusFailureKind,
    message: string,
    /** Amadeus's HTTP status and code when it answered: how an adapter tells a sold-out offer from a bad request. */
    readonly answer?: { httpStatus: number; code?: number },
  ) {
    super(message);
    this.name = 'AmadeusError';
  }
}
