// The cruise area's pure rules: every itinerary and sailing move of the state tables, allowed and refused, at their
// edges (the 7th day before departure, the day after the end), and a stop's day offsets and times.
import { describe, expect, it } from 'vitest';
import { ITINERARY_STATUSES } from './itineraries/index.js';
import { checkStopTimes, itineraryDeleteRefusal, itineraryMoveRefusal } from './itineraries/itineraries.rules.js';
import { CRUISE_STATUSES } from './sailings/index.js';
import { checkPointTimes, cruiseMoveRefusal } from './sailings/sailings.rules.js';

describe('itinerary moves', () => {
  const allowed = (facts = { templates: 1, futureCruises: 0 }) =>
    ITINERARY_STATUSES.flatMap((from) =>
      ITINERARY_STATUSES.filter((to) => itineraryMoveRefusal(from, to, facts) === undefined).map(
        (to) => `${from}→${to}`,
      ),
    );

  it('allows exactly the state table', () => {
    expect(allowed()).toEqual([
      'Draft→Active',
      'Active→Suspended',
      'Active→Archived',
      'Suspended→Active',
      'Suspended→Archived',
    ]);
  });

  it('needs a stop to activate and no future cruise to archive', () => {
    expect(allowed({ templates: 0, futureCruises: 1 })).toEqual(['Active→Suspended', 'Suspended→Active']);
    expect(itineraryMoveRefusal('Draft', 'Active', { templates: 0, futureCruises: 0 })).toContain(
      'without template stops',
    );
    expect(itineraryMoveRefusal('Suspended', 'Archived', { templates: 1, futureCruises: 2 })).toContain('2 future');
  });

  it('deletes only a bare Draft', () => {
    expect(itineraryDeleteRefusal('Draft', { templates: 0, cruises: 0 })).toBeUndefined();
    expect(itineraryDeleteRefusal('Draft', { templates: 1, cruises: 0 })).toContain('template stop');
    expect(itineraryDeleteRefusal('Draft', { templates: 0, cruises: 1 })).toContain('cruise');
    expect(itineraryDeleteRefusal('Active', { templates: 0, cruises: 0 })).toContain('Active');
  });
});

describe('sailing moves', () => {
  const dates = { startDate: '2030-06-10', duration: 7, today: '2030-06-03' };
  const allowed = (today: string) =>
    CRUISE_STATUSES.flatMap((from) =>
      CRUISE_STATUSES.filter((to) => cruiseMoveRefusal(from, to, { ...dates, today }) === undefined).map(
        (to) => `${from}→${to}`,
      ),
    );

  it('cancels an Active sailing up to 7 days before it starts', () => {
    expect(allowed('2030-06-03')).toEqual(['Draft→Active', 'Draft→Cancelled', 'Active→Cancelled']);
    expect(allowed('2030-06-04')).toEqual(['Draft→Active', 'Draft→Cancelled']);
  });

  it('completes it only after startDate + duration', () => {
    expect(allowed('2030-06-17')).toEqual(['Draft→Active', 'Draft→Cancelled']);
    expect(allowed('2030-06-18')).toEqual(['Draft→Active', 'Draft→Cancelled', 'Active→Completed']);
  });
});

describe('times', () => {
  it('a stop leaves after it arrives, within the duration', () => {
    expect(() => checkStopTimes({ dayOffsetArrival: 2, dayOffsetDeparture: 1 }, 7)).toThrow('dayOffsetDeparture');
    expect(() => checkStopTimes({ dayOffsetArrival: 2, dayOffsetDeparture: 8 }, 7)).toThrow('dayOffsetDeparture');
    const sameDay = { dayOffsetArrival: 2, dayOffsetDeparture: 2, arrivalTime: '10:00' };
    expect(() => checkStopTimes({ ...sameDay, departureTime: '09:59' }, 7)).toThrow('departureTime');
    expect(() => checkStopTimes({ ...sameDay, departureTime: '10:00' }, 7)).not.toThrow();
    expect(() => checkStopTimes({ ...sameDay, dayOffsetDeparture: 3, departureTime: '09:00' }, 7)).not.toThrow();
  });

  it('a point has real datetimes, its departure not before its arrival', () => {
    expect(() => checkPointTimes('2030-02-29 10:00', undefined)).toThrow('arrivalDatetime');
    expect(() => checkPointTimes('2030-13-01 10:00', undefined)).toThrow('arrivalDatetime');
    expect(() => checkPointTimes('2032-02-29 10:00', '2032-02-29 09:00')).toThrow('departureDatetime');
    expect(() => checkPointTimes('2032-02-29 10:00', '2032-03-01 09:00')).not.toThrow();
  });
});
