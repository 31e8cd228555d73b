// The Amadeus Self-Service adapter of the flight supplier (TC_FLIGHTS=amadeus; research/external-systems.md §2):
// searches (search.ts), pricing (priced.ts), locations and airlines (reference.ts) over one client (client.ts) that
// holds the OAuth2 token, retries once on an expired token or a 429, and keeps every call within its timeout.
import { type FlightSupplier, FlightSupplierError } from '../port.js';
import type { AmadeusSettings } from '../settings.js';
import { type AmadeusClientDeps, createAmadeusClient } from './client.js';
import { offersOf } from './offers.js';
import { checkParty, pricedOfferOf, pricingCall, warningsOf } from './priced.js';
import { createReferenceData } from './reference.js';
import { record, text } from '../../amadeus/read.js';
import { searchCall } from './search.js';

export type { AmadeusLog } from './client.js';

export function createAmadeusFlightSupplier(settings: AmadeusSettings, deps: AmadeusClientDeps): FlightSupplier {
  const client = createAmadeusClient(settings, deps);
  const reference = createReferenceData(client, deps.now ?? Date.now);
  const { log } = deps;

  return {
    kind: 'amadeus',
    async searchOffers(request, signal) {
      const answer = await client.call(searchCall(request), signal);
      if (!Array.isArray(record(answer)?.data)) {
        log.warn({ amadeusPath: '/v2/shopping/flight-offers' }, 'Amadeus answered a search without data');
        throw new FlightSupplierError('unavailable', 'Amadeus answered the search in an unexpected form');
      }
      const { offers, dropped } = offersOf(answer, request.currency);
      if (dropped > 0)
        log.warn({ dropped, kept: offers.length }, 'Amadeus offers left out: malformed or other currency');
      return offers;
    },
    async priceOffer(offer, passengers, signal) {
      checkParty(offer, passengers);
      const answer = await client.call(pricingCall(offer), signal);
      const warnings = warningsOf(answer);
      if (warnings.length > 0) log.warn({ warnings, offerId: offer.id }, 'Amadeus priced the offer with warnings');
      const priced = pricedOfferOf(answer, offer);
      if (!priced) {
        log.warn({ offerId: offer.id, type: text(record(record(answer)?.data)?.type) }, 'Amadeus pricing unreadable');
        throw new FlightSupplierError('unavailable', 'Amadeus answered the pricing in an unexpected form');
      }
      return priced;
    },
    findLocations: (keyword, signal) => reference.findLocations(keyword, signal),
    locationByCode: (iataCode, signal) => reference.locationByCode(iataCode, signal),
    findAirlines: (codeOrPart, signal) => reference.findAirlines(codeOrPart, signal),
  };
}
