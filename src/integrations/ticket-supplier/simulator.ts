// The ticket-supplier simulator, the default: nothing leaves the machine. Its answers depend only on the request:
// the supplier booking id, reference and vouchers are derived from the idempotency key, so the same key books the
// same booking, and which bookings fail at the configured rate is decided by the key too (reproducible). Tests
// inject failures deterministically with `failWhen`. Bookings live in memory, enough to cancel them and to show
// that a cancelled one is not handed out again. A reservation (a cart line's hold) is derived from its key as well
// and kept for the simulator's reservation time; one released, or past that time, is refused at confirmation.
import { createHash } from 'node:crypto';
import {
  type SupplierBooking,
  type SupplierBookingRequest,
  type SupplierReservation,
  type SupplierReservationRequest,
  type TicketSupplier,
  TicketSupplierError,
} from './port.js';
import type { TicketSimulatorSettings } from './settings.js';

/** What the failure hook makes of a request: a refusal with that code, or a call that never answers. */
export type SimulatedFailure = { kind: 'refuse'; code: string; message: string } | { kind: 'hang' };

/** Decides per request whether it fails (undefined: it does not); it may take its time (a test's side effect). */
export type FailureHook = (
  request: SupplierBookingRequest | SupplierReservationRequest,
) => SimulatedFailure | undefined | Promise<SimulatedFailure | undefined>;

/** How long the simulator keeps an unconfirmed reservation (Tiqets keeps an unpaid order about this long). */
export const SIMULATED_RESERVATION_MS = 60 * 60_000;

export interface SimulatedReservation {
  reservation: SupplierReservation;
  request: SupplierReservationRequest;
  state: 'HELD' | 'RELEASED' | 'CONFIRMED';
}

export interface TicketSupplierSimulator extends TicketSupplier {
  /** Tests: decide per request whether it fails (undefined: it does not); `failWhen(undefined)` clears the hook. */
  failWhen(hook: FailureHook | undefined): void;
  /** Tests: the bookings made and still kept, and those cancelled, by key. */
  bookings(): ReadonlyMap<string, { booking: SupplierBooking; cancelled: boolean }>;
  /** Tests: the reservations made, by reservation id. */
  reservations(): ReadonlyMap<string, SimulatedReservation>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A positive id below 2^47 (a bigint column, and exact as a JSON number). */
const idOf = (key: string) => digest(key).readUIntBE(0, 6) % 2 ** 47 || 1;

function bookingOf(request: SupplierBookingRequest): SupplierBooking {
  const key = `${request.tenantId}\n${request.idempotencyKey}`;
  const supplierBookingId = idOf(key);
  const reference = `SIM-${digest(`ref\n${key}`).toString('hex').slice(0, 10).toUpperCase()}`;
  return {
    supplierBookingId,
    supplierReference: reference,
    status: 'CONFIRMED',
    vouchers: Array.from({ length: request.quantity }, (_, index) => ({
      subId: index + 1,
      barcode: `${reference}-${String(index + 1).padStart(2, '0')}`,
      voucher: `VCH-${digest(`voucher\n${key}\n${index}`).toString('hex').slice(0, 12).toUpperCase()}`,
    })),
  };
}

/** The share of keys that fail at `rate`: a key's first bytes read as a fraction. */
const failsAtRate = (key: string, rate: number) => rate > 0 && digest(`fail\n${key}`).readUInt32BE(0) / 2 ** 32 < rate;

function waitOrAbort(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** The reservation a key makes: its id derived from the key, kept SIMULATED_RESERVATION_MS from `now`. */
function reservationOf(request: SupplierReservationRequest, now: Date): SupplierReservation {
  const key = `${request.tenantId}\n${request.idempotencyKey}`;
  return {
    reservationId: `SIMR-${digest(`reservation\n${key}`).toString('hex').slice(0, 12).toUpperCase()}`,
    confirmationToken: digest(`token\n${key}`).toString('hex').slice(0, 24),
    expiresAt: new Date(now.getTime() + SIMULATED_RESERVATION_MS).toISOString(),
  };
}

/** A booking's reservation must be the simulator's, held, and unexpired: else the supplier refuses it. */
function confirmable(entry: SimulatedReservation | undefined, tenantId: string, now: Date): SimulatedReservation {
  if (!entry || entry.request.tenantId !== tenantId) {
    throw new TicketSupplierError('SUPPLIER_REFUSED', 'The supplier does not know this reservation (simulated)');
  }
  const expired = entry.reservation.expiresAt !== null && Date.parse(entry.reservation.expiresAt) <= now.getTime();
  if (entry.state === 'RELEASED' || (entry.state === 'HELD' && expired)) {
    throw new TicketSupplierError('SUPPLIER_REFUSED', 'The reservation was released or expired (simulated)');
  }
  return entry;
}

export function createTicketSupplierSimulator(
  settings: Pick<TicketSimulatorSettings, 'failureRate' | 'latencyMs'>,
  clock: () => Date = () => new Date(),
): TicketSupplierSimulator {
  const kept = new Map<string, { booking: SupplierBooking; cancelled: boolean }>();
  const reservations = new Map<string, SimulatedReservation>();
  let hook: FailureHook | undefined;
  /** The hook's failure and the simulated latency, as every call meets them. */
  async function arrive(request: SupplierBookingRequest | SupplierReservationRequest, signal: AbortSignal) {
    const failure = await hook?.(request);
    if (failure?.kind === 'hang') await waitOrAbort(Number.POSITIVE_INFINITY, signal);
    if (settings.latencyMs > 0) await waitOrAbort(settings.latencyMs, signal);
    if (failure?.kind === 'refuse') throw new TicketSupplierError(failure.code, failure.message);
  }
  return {
    kind: 'simulator',
    async book(request, signal) {
      await arrive(request, signal);
      const key = `${request.tenantId}\n${request.idempotencyKey}`;
      if (kept.get(key)?.cancelled === false) return (kept.get(key) as { booking: SupplierBooking }).booking;
      const reserved = request.reservation
        ? confirmable(reservations.get(request.reservation.reservationId), request.tenantId, clock())
        : undefined;
      if (failsAtRate(key, settings.failureRate)) {
        throw new TicketSupplierError('SUPPLIER_UNAVAILABLE', 'The supplier could not confirm the booking (simulated)');
      }
      const booking = bookingOf(request);
      kept.set(key, { booking, cancelled: false });
      if (reserved) reserved.state = 'CONFIRMED';
      return booking;
    },
    async reserve(request, signal) {
      await arrive(request, signal);
      const reservation = reservationOf(request, clock());
      const known = reservations.get(reservation.reservationId);
      if (known?.state === 'HELD') return known.reservation;
      reservations.set(reservation.reservationId, { reservation, request, state: 'HELD' });
      return reservation;
    },
    async release(tenantId, reservation) {
      const entry = reservations.get(reservation.reservationId);
      if (entry && entry.request.tenantId === tenantId && entry.state === 'HELD') entry.state = 'RELEASED';
    },
    async cancel(tenantId, idempotencyKey) {
      const entry = kept.get(`${tenantId}\n${idempotencyKey}`);
      if (entry) entry.cancelled = true;
    },
    failWhen(next) {
      hook = next;
    },
    bookings: () => kept,
    reservations: () => reservations,
  };
}
