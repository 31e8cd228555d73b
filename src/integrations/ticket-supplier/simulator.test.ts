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
