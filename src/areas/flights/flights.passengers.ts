// The passengers of /flight/price (contract §7.5: { passengerId, type, dateOfBirth O }) against the search that
// found the offer: as many of each type as it asked for, ids unique, dates of birth not after today and making
// their type on the departure date.
import type { FlightPassenger } from '../../integrations/flights/index.js';
import { invalidFormat } from '../../platform/http/errors.js';
import type { SearchParameters } from './flights.repository.js';
import { ageOn, type PassengerKind, passengerKindAt } from './flights.rules.js';
import type { Passenger } from './flights.schemas.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function checkPassengers(
  passengers: readonly Passenger[],
  search: SearchParameters,
  today: string,
): FlightPassenger[] {
  const counted = { ADULT: 0, CHILD: 0, INFANT: 0 };
  for (const passenger of passengers) counted[passenger.type as PassengerKind] += 1;
  if (counted.ADULT !== search.adults || counted.CHILD !== search.children || counted.INFANT !== search.infants) {
    throw invalidFormat(
      'passengers',
      `must be those of the search: ${search.adults} ADULT, ${search.children} CHILD, ${search.infants} INFANT`,
    );
  }
  if (new Set(passengers.map((p) => p.passengerId)).size !== passengers.length) {
    throw invalidFormat('passengers', 'name a passengerId twice');
  }
  return passengers.map((passenger, i) => {
    const type = passenger.type as PassengerKind;
    if (passenger.dateOfBirth !== undefined) {
      const age = ageOn(passenger.dateOfBirth, search.departure_date);
      if (passenger.dateOfBirth > today) throw invalidFormat(`passengers[${i}].dateOfBirth`, 'is in the future');
      if (passengerKindAt(age) !== type) {
        throw invalidFormat(`passengers[${i}].dateOfBirth`, `does not make an ${type} on the departure date`);
      }
    }
    return {
      passengerId: passenger.passengerId,
      type,
      ...(passenger.dateOfBirth === undefined ? {} : { dateOfBirth: passenger.dateOfBirth }),
    };
  });
}

/** "DXB → LHR, 2026-12-01, return 2026-12-08, 2 adults, 1 child": the line of a cart. */
export function describeSearch(search: SearchParameters): string {
  const dates = search.return_date
    ? `${search.departure_date}, return ${search.return_date}`
    : `${search.departure_date}, one way`;
  const people = [
    plural(search.adults, 'adult', 'adults'),
    ...(search.children > 0 ? [plural(search.children, 'child', 'children')] : []),
    ...(search.infants > 0 ? [plural(search.infants, 'infant', 'infants')] : []),
  ];
  return `Flight ${search.origin} → ${search.destination}, ${dates}, ${people.join(', ')}`;
}
