import { describe, expect, it } from 'vitest';
import {
  checkValidUntil,
  firstRefusal,
  firstRepeatedCode,
  reservationRefusal,
  type TicketState,
} from './offline-tickets.rules.js';

const available: TicketState = { status: 'AVAILABLE', cartReference: null, validUntil: null };

describe('load rules', () => {
  it('finds the first code sent twice, comparing exactly', () => {
    expect(firstRepeatedCode(['A', 'a', 'B'])).toBeUndefined();
    expect(firstRepeatedCode(['A', 'B', 'C', 'B', 'A'])).toBe('B');
  });

  it('refuses a validUntil before today, naming the ticket', () => {
    expect(() => checkValidUntil([{}, { validUntil: '2030-01-01' }], '2030-01-01')).not.toThrow();
    expect(() => checkValidUntil([{}, { validUntil: '2029-12-31' }], '2030-01-01')).toThrow('tickets[1].validUntil');
  });
});

describe('reservation rules', () => {
  it('allows an available, valid ticket, or one already reserved for the same reference', () => {
    expect(reservationRefusal(1, available, 'R', '2030-01-01')).toBeUndefined();
    expect(reservationRefusal(1, { ...available, validUntil: '2030-01-01' }, 'R', '2030-01-01')).toBeUndefined();
    expect(
      reservationRefusal(1, { status: 'RESERVED', cartReference: 'R', validUntil: null }, 'R', '2030-01-01'),
    ).toBeUndefined();
  });

  const refusals: Array<[TicketState | undefined, string, string]> = [
    [undefined, 'NOTFOUND', 'Offline ticket 7 not found'],
    [{ status: 'RESERVED', cartReference: 'OTHER', validUntil: null }, 'INVALID_STATE', 'reserved for another cart'],
    [{ status: 'SOLD', cartReference: 'R', validUntil: null }, 'INVALID_STATE', 'is SOLD'],
    [{ status: 'VOID', cartReference: null, validUntil: null }, 'INVALID_STATE', 'is VOID'],
    [{ ...available, validUntil: '2029-12-31' }, 'INVALID_STATE', 'expired on 2029-12-31'],
  ];
  it.each(refusals)('%o → %s', (ticket, code, message) => {
    const refusal = reservationRefusal(7, ticket, 'R', '2030-01-01');
    expect(refusal?.code).toBe(code);
    expect(refusal?.message).toContain(message);
  });

  it('reports a missing ticket before a taken one, then the first in request order', () => {
    const tickets = new Map<number, TicketState>([
      [1, available],
      [2, { status: 'SOLD', cartReference: 'X', validUntil: null }],
      [3, { status: 'VOID', cartReference: null, validUntil: null }],
    ]);
    expect(firstRefusal([1, 3, 2, 9], tickets, 'R', '2030-01-01').code).toBe('NOTFOUND');
    expect(firstRefusal([1, 3, 2], tickets, 'R', '2030-01-01').message).toContain('Offline ticket 3');
    expect(firstRefusal([1], tickets, 'R', '2030-01-01').code).toBe('INVALID_STATE');
  });
});
