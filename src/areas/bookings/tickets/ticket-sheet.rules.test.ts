// Where a ticket's holder is to be and when: a hotel pickup waits in the lobby through its window, a meeting point (or
// a bare start) is reached 15 minutes early; never both pieces of advice on one ticket.
import { describe, expect, it } from 'vitest';
import { arrivalAdvice, localWhen, meetingOf, pickupText, whenText } from './ticket-sheet.rules.js';

const DUBAI = 'Asia/Dubai';
const start = new Date('2026-12-10T04:30:00Z');
const product = { meetingPoint: 'Al Khail Gate 2', pickupWindowMinutes: 45, durationMinutes: 360, cancelPolicy: null };

describe('the ticket sheet rules', () => {
  it('dates a ticket by its slot or its local start, as "Thu 10 Dec 2026, 08:30"', () => {
    expect(whenText(localWhen({ start_date: start, timeslot: null, pickup_location: null }, DUBAI))).toBe(
      'Thu 10 Dec 2026, 08:30',
    );
    const midnight = new Date('2026-12-09T20:00:00Z');
    expect(whenText(localWhen({ start_date: midnight, timeslot: '16:00', pickup_location: null }, DUBAI))).toBe(
      'Thu 10 Dec 2026, 16:00',
    );
    expect(whenText(localWhen({ start_date: midnight, timeslot: null, pickup_location: null }, DUBAI))).toBe(
      'Thu 10 Dec 2026',
    );
    expect(whenText(localWhen({ start_date: null, timeslot: null, pickup_location: null }, DUBAI))).toBeNull();
  });

  it('a hotel pickup: the window from the booked time, waiting in the lobby, no meeting point', () => {
    const ticket = { start_date: start, timeslot: '08:30', pickup_location: 'Rixos Premium' };
    const meeting = meetingOf(ticket, localWhen(ticket, DUBAI), product);
    expect(pickupText(meeting)).toBe('Rixos Premium, between 08:30 and 09:15');
    expect(arrivalAdvice(meeting)).toBe(
      'Please wait in the lobby of Rixos Premium between 08:30 and 09:15: your driver collects you there.',
    );
    const noWindow = meetingOf(ticket, localWhen(ticket, DUBAI), { ...product, pickupWindowMinutes: null });
    expect(pickupText(noWindow)).toBe('Rixos Premium, at 08:30');
    expect(arrivalAdvice(noWindow)).toBe(
      'Please wait in the lobby of Rixos Premium from 08:30: your driver collects you there.',
    );
  });

  it('a meeting point, or a start alone: 15 minutes early', () => {
    const ticket = { start_date: start, timeslot: null, pickup_location: null };
    const meeting = meetingOf(ticket, localWhen(ticket, DUBAI), product);
    expect(pickupText(meeting)).toBeNull();
    expect(arrivalAdvice(meeting)).toBe(
      'Please arrive at the meeting point (Al Khail Gate 2) 15 minutes before the start, by 08:15.',
    );
    const bare = meetingOf(ticket, localWhen(ticket, DUBAI), undefined);
    expect(arrivalAdvice(bare)).toBe('Please arrive 15 minutes before the start, by 08:15.');
    const openDated = { start_date: null, timeslot: null, pickup_location: null };
    expect(arrivalAdvice(meetingOf(openDated, localWhen(openDated, DUBAI), undefined))).toBeNull();
  });
});
