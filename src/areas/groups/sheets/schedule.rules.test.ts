// The schedule's events, pure: which fall in the range, how they are ordered and grouped by date, and which
// readiness warnings each carries (a hotel's on its check-in and check-out, a leg's on it, the passengers' on the
// group's arrival and departure).
import { describe, expect, it } from 'vitest';
import type { ReadinessWarning } from '../groups/index.js';
import { byDate, type ScheduleGroup, scheduleEvents } from './schedule.rules.js';

const warning = (text: string, about: Partial<ReadinessWarning>): ReadinessWarning => ({
  code: 'HOTEL_UNCONFIRMED',
  text,
  hotelId: null,
  transportId: null,
  paxIds: [],
  ...about,
});

const group = (overrides: Partial<ScheduleGroup> = {}): ScheduleGroup => ({
  groupId: 1,
  groupName: 'Alpha',
  arrivalDate: '2026-12-01',
  departureDate: '2026-12-04',
  paxCount: 2,
  hotels: [{ hotelId: 10, hotelName: 'Palm', checkIn: '2026-12-01', checkOut: '2026-12-04' }],
  transport: [
    {
      transportId: 20,
      type: 'FLIGHT',
      from: 'LHR',
      to: 'DXB',
      flightNumber: 'EK2',
      carrier: 'EK',
      vehicleType: null,
      departureDate: '2026-12-01',
      departureTime: '08:15',
    },
  ],
  warnings: [],
  ...overrides,
});

describe('schedule events', () => {
  it('are the activities, legs, check-ins and check-outs in the range, by date, time (usual hours), group', () => {
    const events = scheduleEvents([group({ groupId: 2, groupName: 'Beta' }), group()], {
      from: '2026-12-01',
      to: '2026-12-03',
    });
    expect(events.map((e) => [e.date, e.time, e.groupName, e.type, e.description])).toEqual([
      ['2026-12-01', null, 'Alpha', 'Activity', 'Group arrives (2 passengers)'],
      ['2026-12-01', null, 'Beta', 'Activity', 'Group arrives (2 passengers)'],
      ['2026-12-01', '08:15', 'Alpha', 'Transport', 'FLIGHT LHR → DXB (EK2, EK)'],
      ['2026-12-01', '08:15', 'Beta', 'Transport', 'FLIGHT LHR → DXB (EK2, EK)'],
      ['2026-12-01', null, 'Alpha', 'Check-in', 'Check-in at Palm'],
      ['2026-12-01', null, 'Beta', 'Check-in', 'Check-in at Palm'],
    ]);
  });

  it('carry the warnings about what they concern, and none when it is ready', () => {
    const warnings = [
      warning('Palm has no confirmation number', { hotelId: 10 }),
      warning('The flight LHR – DXB has no flight number', { code: 'FLIGHT_NUMBER_MISSING', transportId: 20 }),
      warning('The passport of Ann Lee expires soon', { code: 'PASSPORT_EXPIRES', paxIds: [5] }),
    ];
    const events = scheduleEvents([group({ warnings })], { from: '2026-11-01', to: '2026-12-31' });
    const of = (type: string, description: string) =>
      events.find((e) => e.type === type && e.description.startsWith(description))?.warnings;
    expect(of('Check-in', 'Check-in')).toEqual(['Palm has no confirmation number']);
    expect(of('Check-out', 'Check-out')).toEqual(['Palm has no confirmation number']);
    expect(of('Transport', 'FLIGHT')).toEqual(['The flight LHR – DXB has no flight number']);
    expect(of('Activity', 'Group arrives')).toEqual(['The passport of Ann Lee expires soon']);
    expect(of('Activity', 'Group departs')).toEqual(['The passport of Ann Lee expires soon']);
    expect(
      scheduleEvents([group()], { from: '2026-11-01', to: '2026-12-31' }).every((e) => e.warnings.length === 0),
    ).toBe(true);
  });

  it('are grouped by date in date order', () => {
    const days = byDate(scheduleEvents([group()], { from: '2026-11-01', to: '2026-12-31' }));
    expect(days.map((day) => [day.date, day.events.length])).toEqual([
      ['2026-12-01', 3],
      ['2026-12-04', 2],
    ]);
    expect(byDate([])).toEqual([]);
  });
});
