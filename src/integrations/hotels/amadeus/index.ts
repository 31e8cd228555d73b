// The Amadeus hotel supplier (TC_HOTELS=amadeus; research/amadeus-openapi/HotelList_v1.json, HotelSearch_v3.json)
// over the Amadeus client the flights share (integrations/amadeus/: OAuth2 token, one retry on an expired token or a
// 429, the call's timeout). A search lists the city's hotels, then asks for their offers 20 hotel ids a request; a
// valuation and a price breakdown ask for the offer again by its id. Hotel Search sells no booking: booking,
// status, cancel and voucher answer a 'refused' HotelSupplierError saying so (docs/decisions.md).
import {
  type AmadeusCall,
  type AmadeusClient,
  type AmadeusClientDeps,
  AmadeusError,
  type AmadeusLog,
  createAmadeusClient,
} from '../../amadeus/client.js';
import type { AmadeusSettings } from '../../amadeus/settings.js';
import { type HotelOffer, type HotelSearchRequest, type HotelSupplier, HotelSupplierError } from '../port.js';
import { breakdownOf, type ListedHotel, listedHotelsOf, offersOf, pricedOfferOf, valuationOf } from './answers.js';
import {
  batchesOf,
  HOTEL_LIST_PAGES,
  HOTEL_OFFERS_PATH,
  HOTELS_SEARCHED,
  hotelListCall,
  nextListCall,
  offerCall,
  offersCall,
} from './calls.js';

export type { AmadeusLog } from '../../amadeus/client.js';

/**
 * Amadeus's 400 codes that mean "nothing found", not a failure: 895 NOTHING FOUND FOR REQUESTED CITY (the list),
 * 424 NO HOTELS FOUND WHICH MATCH THIS INPUT and 790 NO PROPERTIES FOUND WITHIN THIS RADIUS (the offers).
 */
const NOTHING_FOUND = new Set([895, 424, 790]);
const NO_BOOKING = 'Amadeus Hotel Search sells no booking: book this offer with another hotel supplier';

type HotelCall = (request: AmadeusCall, signal: AbortSignal | undefined) => Promise<unknown>;

/** Calls answering undefined when Amadeus says it found nothing; other failures as HotelSupplierErrors. */
function hotelCalls(client: AmadeusClient): HotelCall {
  return async (request, signal) => {
    try {
      return await client.call(request, signal);
    } catch (error) {
      if (!(error instanceof AmadeusError)) throw error;
      const { answer } = error;
      if (answer?.httpStatus === 400 && answer.code !== undefined && NOTHING_FOUND.has(answer.code)) return undefined;
      throw new HotelSupplierError(error.kind, error.message, { cause: error });
    }
  };
}

/** The city's hotels, following meta.links.next, at most HOTELS_SEARCHED of them, each once. */
async function listHotels(call: HotelCall, cityCode: string, signal: AbortSignal | undefined) {
  const hotels: ListedHotel[] = [];
  let next: AmadeusCall | undefined = hotelListCall(cityCode);
  for (let page = 0; next && page < HOTEL_LIST_PAGES && hotels.length < HOTELS_SEARCHED; page++) {
    const answer = await call(next, signal);
    if (answer === undefined) break;
    const listed = listedHotelsOf(answer);
    hotels.push(...listed.hotels);
    next = nextListCall(listed.next);
  }
  return new Map(hotels.slice(0, HOTELS_SEARCHED).map((hotel) => [hotel.hotelId, hotel]));
}

async function searchOffers(
  call: HotelCall,
  log: AmadeusLog,
  request: HotelSearchRequest,
  signal: AbortSignal | undefined,
): Promise<HotelOffer[]> {
  const listed = await listHotels(call, request.cityCode, signal);
  if (listed.size === 0) return [];
  // the batches go together: the search takes as long as its slowest batch, and one failing fails the search,
  // since a partial list would read as the city's whole offer
  const batches = batchesOf([...listed.keys()]);
  const answers = await Promise.all(batches.map((ids) => call(offersCall(ids, request), signal)));
  const offers: HotelOffer[] = [];
  let dropped = 0;
  for (const answer of answers) {
    if (answer === undefined) continue;
    const mapped = offersOf(answer, listed, request);
    offers.push(...mapped.offers);
    dropped += mapped.dropped;
  }
  if (dropped > 0)
    log.warn({ dropped, kept: offers.length }, 'Amadeus hotel offers left out: malformed or other currency');
  return offers.slice(0, request.maxResults ?? offers.length);
}

async function offeredBy(call: HotelCall, log: AmadeusLog, offerCode: string, signal: AbortSignal | undefined) {
  const priced = pricedOfferOf(await call(offerCall(offerCode), signal));
  if (!priced) {
    log.warn({ amadeusPath: HOTEL_OFFERS_PATH }, 'Amadeus answered an offer without its offer');
    throw new HotelSupplierError('refused', 'Amadeus no longer sells this offer');
  }
  return priced;
}

const refuse = async (): Promise<never> => {
  throw new HotelSupplierError('refused', NO_BOOKING);
};

export function createAmadeusHotelSupplier(settings: AmadeusSettings, deps: AmadeusClientDeps): HotelSupplier {
  const call = hotelCalls(createAmadeusClient(settings, deps));
  const { log } = deps;
  return {
    kind: 'amadeus',
    search: (request, signal) => searchOffers(call, log, request, signal),
    async valuate(offerCode, arrivalDate, signal) {
      const { hotel, offer } = await offeredBy(call, log, offerCode, signal);
      const valuation = valuationOf(hotel, offer, offerCode, arrivalDate);
      if (!valuation) throw new HotelSupplierError('unavailable', 'Amadeus answered the offer without a price');
      // as the simulator does: an offer code sent with another stay's date is not that offer any more
      if (valuation.arrivalDate !== arrivalDate)
        throw new HotelSupplierError('refused', 'arrival date of another offer');
      return valuation;
    },
    async priceBreakdown(offerCode, signal) {
      const { offer } = await offeredBy(call, log, offerCode, signal);
      const breakdown = breakdownOf(offer, offerCode);
      if (!breakdown) throw new HotelSupplierError('unavailable', 'Amadeus answered the offer without nightly prices');
      return breakdown;
    },
    book: refuse,
    status: refuse,
    // no booking can have been made through Hotel Search, so none is found by our reference
    findByClientReference: async () => null,
    cancel: refuse,
    voucher: refuse,
  };
}
