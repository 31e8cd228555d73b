// The ticket-supplier simulator: deterministic bookings from the key, the configured failure rate, the test hook,
// cancellation, and a hanging call ended by its signal.
import { describe, expect, it } from 'vitest';
import { TicketSupplierError } from './port.js';
import { createTicketSupplierSimulator } from './simulator.js';

const request = (idempotencyKey: string) => ({
  tenantId: 'tenant-1',
  idempotencyKey,
  productId: 5,
  description: 'Desert safari',
  quantity: 2,
  serviceDate: '2026-12-01',
  timeSlot: '16:00',
  resvName: 'Lina',
});
const forever = () => new AbortController().signal;

describe('ticket-supplier simulator', () => {
  it('the same key books the same booking, with one voucher per unit; another key another booking', async () => {
    const simulator = createTicketSupplierSimulator({ failureRate: 0, latencyMs: 0 });
    const first = await simulator.book(request('k1'), forever());
    expect(
      await createTicketSupplierSimulator({ failureRate: 0, latencyMs: 0 }).book(request('k1'), forever()),
    ).toEqual(first);
    expect(first.vouchers.map((voucher) => voucher.subId)).toEqual([1, 2]);
    expect(first.supplierBookingId).toBeLessThan(2 ** 47);
    expect((await simulator.book(request('k2'), forever())).supplierBookingId).not.toBe(first.supplierBookingId);
    await simulator.cancel('tenant-1', 'k1');
    expect(simulator.bookings().get('tenant-1\nk1')?.cancelled).toBe(true);
  });

  it('fails at the configured rate (decided by the key), and as the hook says', async () => {
    const always = createTicketSupplierSimulator({ failureRate: 1, latencyMs: 0 });
    await expect(always.book(request('k'), forever())).rejects.toBeInstanceOf(TicketSupplierError);
    const simulator = createTicketSupplierSimulator({ failureRate: 0, latencyMs: 0 });
    simulator.failWhen((asked) =>
      asked.idempotencyKey === 'bad' ? { kind: 'refuse', code: 'X', message: 'no' } : undefined,
    );
    await expect(simulator.book(request('bad'), forever())).rejects.toMatchObject({ code: 'X' });
    await expect(simulator.book(request('good'), forever())).resolves.toBeDefined();
  });

  it('a hanging call ends when its signal is aborted', async () => {
    const simulator = createTicketSupplierSimulator({ failureRate: 0, latencyMs: 0 });
    simulator.failWhen(() => ({ kind: 'hang' }));
    await expect(simulator.book(request('k'), AbortSignal.timeout(50))).rejects.toBeDefined();
    expect(simulator.bookings().size).toBe(0);
  });
});

describe('ticket-supplier simulator: reservations (a cart line held at the supplier)', () => {
  const reservationRequest = (idempotencyKey: string) => ({
    tenantId: 'tenant-1',
    idempotencyKey,
    supplierProductId: '9001',
    supplierVariantId: '90011',
    quantity: 2,
    serviceDate: '2026-12-01',
    timeSlot: '10:00',
    resvName: 'Lina',
  });

  it('the same key reserves once; the booking confirms the reservation', async () => {
    const simulator = createTicketSupplierSimulator({ failureRate: 0, latencyMs: 0 });
    const reservation = await simulator.reserve(reservationRequest('line-1'), forever());
    expect(await simulator.reserve(reservationRequest('line-1'), forever())).toEqual(reservation);
    expect(reservation.reservationId).toMatch(/^SIMR-/);
    const booking = await simulator.book({ ...request('booking-1'), reservation }, forever());
    expect(booking.vouchers).toHaveLength(2);
    expect(simulator.reservations().get(reservation.reservationId)?.state).toBe('CONFIRMED');
  });

  it('a released or expired reservation is refused at confirmation; release is idempotent', async () => {
    let now = new Date('2026-11-29T10:00:00Z');
    const simulator = createTicketSupplierSimulator({ failureRate: 0, latencyMs: 0 }, () => now);
    const released = await simulator.reserve(reservationRequest('line-2'), forever());
    await simulator.release('tenant-1', released);
    await simulator.release('tenant-1', released);
    const refused = simulator.book({ ...request('booking-2'), reservation: released }, forever());
    await expect(refused).rejects.toMatchObject({ code: 'SUPPLIER_REFUSED' });
    const expiring = await simulator.reserve(reservationRequest('line-3'), forever());
    now = new Date(Date.parse(expiring.expiresAt ?? '') + 1);
    const late = simulator.book({ ...request('booking-3'), reservation: expiring }, forever());
    await expect(late).rejects.toMatchObject({ code: 'SUPPLIER_REFUSED' });
    const foreign = simulator.book({ ...request('b-4'), tenantId: 'tenant-2', reservation: expiring }, forever());
    await expect(foreign).rejects.toMatchObject({ code: 'SUPPLIER_REFUSED' });
  });
});
