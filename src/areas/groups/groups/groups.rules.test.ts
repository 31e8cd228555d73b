import { describe, expect, it } from 'vitest';
import { addMonths, type ReadinessInput, readinessWarnings, roomCapacity, roomHasSpace } from './groups.rules.js';

describe('room capacity', () => {
  it('is the one given, else the room type’s (any case), else no limit', () => {
    expect(roomCapacity('DBL', 3)).toBe(3);
    expect(roomCapacity('double', undefined)).toBe(2);
    expect(roomCapacity(' Sgl ', undefined)).toBe(1);
    expect(roomCapacity('TRP', undefined)).toBe(3);
    expect(roomCapacity('Suite', undefined)).toBeNull();
  });

  it('has space while the occupants are fewer than the capacity', () => {
    expect(roomHasSpace(2, 1)).toBe(true);
    expect(roomHasSpace(2, 2)).toBe(false);
    expect(roomHasSpace(null, 40)).toBe(true);
  });
});

describe('addMonths', () => {
  it('clamps the day to the month’s last and crosses years', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', 6)).toBe('2026-07-15');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
  });
});

const ready: ReadinessInput = {
  departureDate: '2027-03-10',
  passengers: [
    { paxId: 1, firstName: 'Ana', lastName: 'Lima', passportExpiry: '2027-09-10' },
    { paxId: 2, firstName: 'Ben', lastName: 'Cole', passportExpiry: null },
  ],
  hotels: [{ hotelId: 7, hotelName: 'Sea View', confirmationNumber: 'CNF-1' }],
  transport: [
    { transportId: 3, type: 'FLIGHT', from: 'DXB', to: 'LHR', flightNumber: 'EK1' },
    { transportId: 4, type: 'COACH', from: 'LHR', to: 'Hotel', flightNumber: null },
  ],
  assignments: [
    { paxId: 1, hotelId: 7 },
    { paxId: 2, hotelId: 7 },
  ],
};

describe('readiness', () => {
  it('has nothing to say of a group that is ready (a coach needs no flight number; an unknown expiry is no warning)', () => {
    expect(readinessWarnings(ready)).toEqual([]);
  });

  it('warns of a hotel without a confirmation number (blank counts as none)', () => {
    const warnings = readinessWarnings({
      ...ready,
      hotels: [{ hotelId: 7, hotelName: 'Sea View', confirmationNumber: '  ' }],
    });
    expect(warnings).toEqual([
      {
        code: 'HOTEL_UNCONFIRMED',
        text: 'Sea View has no confirmation number',
        hotelId: 7,
        transportId: null,
        paxIds: [],
      },
    ]);
  });

  it('warns per hotel of the passengers without a room there', () => {
    const warnings = readinessWarnings({
      ...ready,
      hotels: [...ready.hotels, { hotelId: 8, hotelName: 'Old Town', confirmationNumber: 'X' }],
      assignments: [
        { paxId: 1, hotelId: 7 },
        { paxId: 2, hotelId: 8 },
      ],
    });
    expect(warnings.map((w) => [w.code, w.hotelId, w.paxIds, w.text])).toEqual([
      ['PAX_WITHOUT_ROOM', 7, [2], '1 passenger has no room at Sea View'],
      ['PAX_WITHOUT_ROOM', 8, [1], '1 passenger has no room at Old Town'],
    ]);
  });

  it('warns of a flight without a flight number', () => {
    const warnings = readinessWarnings({
      ...ready,
      transport: [{ transportId: 3, type: 'FLIGHT', from: 'DXB', to: 'LHR', flightNumber: null }],
    });
    expect(warnings.map((w) => [w.code, w.transportId])).toEqual([['FLIGHT_NUMBER_MISSING', 3]]);
  });

  it('warns of a passport expiring within six months of departure, not on the day six months after', () => {
    const warnings = readinessWarnings({
      ...ready,
      passengers: [
        { paxId: 1, firstName: 'Ana', lastName: 'Lima', passportExpiry: '2027-09-09' },
        { paxId: 2, firstName: 'Ben', lastName: 'Cole', passportExpiry: '2027-09-10' },
      ],
    });
    expect(warnings.map((w) => [w.code, w.paxIds])).toEqual([['PASSPORT_EXPIRES', [1]]]);
    expect(warnings[0]?.text).toContain('Ana Lima');
  });
});
