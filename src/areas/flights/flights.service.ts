// Flight use cases: searches through the supplier kept in PostgreSQL (any node serves their pages and prices their
// offers), result pages sorted and grouped, pricing of an offer of a kept search, locations and airlines.
import { randomBytes } from 'node:crypto';
import {
  type FlightLocation,
  type FlightOffer,
  type FlightPassenger,
  type FlightSearchRequest,
  type FlightSupplier,
  FlightSupplierError,
} from '../../integrations/flights/index.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../platform/http/errors.js';
import { okJson, okJsonBytes } from '../../platform/http/envelope.js';
import type { RequestContext, TenantContext } from '../../platform/http/operation.js';
import type { RawAnswer } from '../../platform/http/raw.js';
import { toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import * as repo from './flights.repository.js';
import {
  checkPassengerCounts,
  checkSearchDates,
  durationSeconds,
  LIMITS,
  offerIdOf,
  parseOfferId,
  type SortOrder,
  sortOffers,
} from './flights.rules.js';
import { type AirportNames, toAirline, toLocation, toOffer, toPricedOffer } from './flights.view.js';
import { offerSetPage } from './flights.pages.js';
import type {
  Airline,
  Offer,
  FetchResultsRequest,
  OfferSet,
  Passenger,
  PricedOffer,
  SearchRequest,
} from './flights.schemas.js';
import { checkPassengers, describeSearch } from './flights.passengers.js';

export interface FlightServiceDeps {
  flightSupplier: FlightSupplier;
}

/** A flight offer priced for a cart line (the cart area's api). */
export interface FlightForCart {
  /** Route, dates and passengers: "DXB → LHR, 2026-12-01, return 2026-12-08, 2 adults, 1 child". */
  description: string;
  /** The priced offer's grandTotal, a decimal string in `currency`. */
  total: string;
  currency: string;
  /** The priced offer, to keep on the line. */
  details: PricedOffer;
}

const MAX_RESULTS = 250;

/** The supplier's failures as API_ERROR: its own words go to the log, never into the answer. */
async function supplied<T>(ctx: RequestContext, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof FlightSupplierError)) throw error;
    ctx.log.warn({ kind: error.kind, err: error }, 'flight supplier failed');
    const why =
      error.kind === 'timeout'
        ? 'did not answer in time'
        : error.kind === 'rate-limited'
          ? 'is busy, try again shortly'
          : error.kind === 'refused'
            ? 'refused the request'
            : 'is unavailable';
    throw new ApiError(ErrorCode.API_ERROR, `The flight supplier ${why}`);
  }
}

/** Names of the airports the offers fly (empty when the supplier does not know one). */
async function airportNames(supplier: FlightSupplier, codes: Iterable<string>): Promise<AirportNames> {
  const unique = [...new Set(codes)];
  const names = await Promise.all(
    unique.map((code) =>
      supplier.locationByCode(code).then(
        (found) => found?.name ?? '',
        () => '',
      ),
    ),
  );
  return new Map(unique.map((code, i) => [code, names[i] ?? '']));
}

async function checkSearch(ctx: TenantContext, supplier: FlightSupplier, input: SearchRequest) {
  const counts = { adults: input.numAdults, children: input.numChildren ?? 0, infants: input.numInfants ?? 0 };
  checkPassengerCounts(counts);
  checkSearchDates(formatDate(ctx.now, ctx.tenant.timezone), input.departureDate, input.returnDate);
  const [origin, destination] = [input.origin.toUpperCase(), input.destination.toUpperCase()];
  if (origin === destination) throw invalidFormat('destination', 'is the origin');
  const known = async (parameter: string, code: string) => {
    if (!(await supplied(ctx, supplier.locationByCode(code)))) {
      throw invalidFormat(parameter, 'is not a known IATA airport or city code');
    }
  };
  await Promise.all([known('origin', origin), known('destination', destination)]);
  return { counts, origin, destination };
}

/** The supplier's offers in the search's order. */
async function sortedOffers(
  ctx: TenantContext,
  supplier: FlightSupplier,
  request: FlightSearchRequest,
  sortOrder: SortOrder,
): Promise<FlightOffer[]> {
  const found = await supplied(ctx, supplier.searchOffers(request));
  const sortable = found.map((offer) => ({
    offer,
    grandTotalMinor: toMinor(offer.price.grandTotal, offer.price.currency),
    durationSeconds: offer.itineraries.reduce((sum, it) => sum + durationSeconds(it.duration), 0),
  }));
  return sortOffers(sortable, sortOrder).map(({ offer }) => offer);
}

const airportsOf = (offers: readonly FlightOffer[]) =>
  offers.flatMap((offer) =>
    offer.itineraries.flatMap((it) => it.segments.flatMap((s) => [s.departure.iataCode, s.arrival.iataCode])),
  );

async function search(ctx: TenantContext, supplier: FlightSupplier, input: SearchRequest): Promise<OfferSet> {
  const { counts, origin, destination } = await checkSearch(ctx, supplier, input);
  const currency = ctx.tenant.currency;
  const returnDate = input.returnDate === undefined ? {} : { returnDate: input.returnDate };
  const request = { origin, destination, departureDate: input.departureDate, ...returnDate, ...counts, currency };
  const sortOrder = (input.sortOrder ?? 0) as SortOrder;
  const sorted = await sortedOffers(ctx, supplier, { ...request, maxResults: MAX_RESULTS }, sortOrder);
  const names = await airportNames(supplier, airportsOf(sorted));
  const searchId = randomBytes(12).toString('hex');
  const offers = sorted.map((offer, index) => toOffer(offer, offerIdOf(searchId, index), names));
  const grouping = input.grouping ?? 0;
  const expiresAt = new Date(ctx.now.getTime() + LIMITS.searchMinutes * 60_000);
  await repo.insertSearch(ctx.db, {
    search_id: searchId,
    origin,
    destination,
    departure_date: input.departureDate,
    return_date: input.returnDate ?? null,
    ...counts,
    currency,
    sort_order: sortOrder,
    grouping,
    offers,
    supplier_offers: sorted,
    created_at: ctx.now,
    expires_at: expiresAt,
  });
  await repo.insertPages(ctx.db, searchId, storedPages(searchId, offers), expiresAt);
  return offerSetPage(searchId, offers, grouping, 1);
}

/** Every page of a search in both views, serialised once: a kept search never changes (fetchResults answers them). */
function storedPages(searchId: string, offers: readonly Offer[]) {
  const pages = Math.max(1, Math.ceil(offers.length / LIMITS.pageSize));
  return [0, 1].flatMap((grouping) =>
    Array.from({ length: pages }, (_, index) => ({
      grouping,
      page: index + 1,
      answer: JSON.stringify(offerSetPage(searchId, offers, grouping, index + 1)),
    })),
  );
}

/**
 * A page of a kept search. Individual offers are cut from the kept list in PostgreSQL; a grouped page needs the
 * whole list (groups gather offers from all over it). The grouping asked, else the search's.
 */
async function fetchResults(ctx: TenantContext, input: FetchResultsRequest): Promise<OfferSet | RawAnswer> {
  const grouping = input.grouping === undefined ? null : input.grouping === 'GRP' ? 1 : 0;
  const stored = await repo.selectStoredPage(ctx.db, { searchId: input.searchId, grouping, page: input.page }, ctx.now);
  if (stored !== undefined) return okJson(stored);
  // Not stored: a page past the last, an unknown or expired search, or one kept before pages were stored.
  if (input.grouping !== 'GRP') {
    const slice = { from: (input.page - 1) * LIMITS.pageSize, count: LIMITS.pageSize };
    const page = await repo.selectSearchPage(ctx.db, input.searchId, slice, ctx.now);
    if (!page) throw notFound('Search');
    if (page.grouping === 0 || input.grouping === 'IND') {
      const base = { searchId: page.search_id, pageId: input.page, groupType: 0, totalRes: page.total };
      return { ...base, offers: page.offers, offerGroups: null };
    }
  }
  const row = await repo.selectSearch(ctx.db, input.searchId, ctx.now);
  if (!row) throw notFound('Search');
  return offerSetPage(row.search_id, row.offers, 1, input.page);
}

async function offerOfSearch(ctx: TenantContext, flightOfferId: string) {
  const parsed = parseOfferId(flightOfferId);
  const row = parsed && (await repo.selectSearchOffer(ctx.db, parsed.searchId, parsed.index, ctx.now));
  if (!row?.offer || !row.supplier_offer) throw notFound('Flight offer');
  return { row, offer: row.offer, supplierOffer: row.supplier_offer };
}

async function price(
  ctx: TenantContext,
  supplier: FlightSupplier,
  flightOfferId: string,
  passengers: Passenger[] | undefined,
) {
  const { row, offer, supplierOffer } = await offerOfSearch(ctx, flightOfferId);
  const travellers: FlightPassenger[] = passengers
    ? checkPassengers(passengers, row, formatDate(ctx.now, ctx.tenant.timezone))
    : [];
  const priced = await supplied(ctx, supplier.priceOffer(supplierOffer, travellers));
  // The airports' names as the search's answer showed them.
  const names = new Map(
    offer.itineraries.flatMap((itinerary) =>
      itinerary.segments.flatMap((s) => [
        [s.departureAirportCode, s.departureAirportName],
        [s.arrivalAirportCode, s.arrivalAirportName],
      ]),
    ),
  );
  return { row, priced: toPricedOffer(priced, flightOfferId, names) };
}

export function createFlightService({ flightSupplier: supplier }: FlightServiceDeps) {
  // The answer to a keyword, serialised once per array the supplier keeps for it (reference data), envelope and
  // all, as the bytes to send: a location look-up runs on every keystroke of a search box, and serialising its
  // rows, then encoding the text for the socket, was most of its cost.
  const serialisedLocations = new WeakMap<readonly FlightLocation[], RawAnswer>();
  return {
    async locations(ctx: TenantContext, keyword: string): Promise<RawAnswer> {
      const found = await supplied(ctx, supplier.findLocations(keyword));
      let answer = serialisedLocations.get(found);
      if (answer === undefined) {
        // Every field of a Location is a string: JSON.stringify writes what the response schema would.
        answer = okJsonBytes(JSON.stringify(found.slice(0, LIMITS.listRows).map(toLocation)));
        serialisedLocations.set(found, answer);
      }
      return answer;
    },

    async airlines(ctx: TenantContext, code: string): Promise<Airline[]> {
      return (await supplied(ctx, supplier.findAirlines(code))).slice(0, LIMITS.listRows).map(toAirline);
    },

    search: (ctx: TenantContext, input: SearchRequest) => search(ctx, supplier, input),

    fetchResults: (ctx: TenantContext, input: FetchResultsRequest) => fetchResults(ctx, input),

    async price(ctx: TenantContext, flightOfferId: string, passengers?: Passenger[]): Promise<PricedOffer> {
      return (await price(ctx, supplier, flightOfferId, passengers)).priced;
    },

    async pricedForCart(ctx: TenantContext, flightOfferId: string, passengers?: Passenger[]): Promise<FlightForCart> {
      const { row, priced } = await price(ctx, supplier, flightOfferId, passengers);
      return {
        description: describeSearch(row),
        total: priced.price.grandTotal,
        currency: priced.price.currency,
        details: priced,
      };
    },
  };
}

export type FlightService = ReturnType<typeof createFlightService>;
