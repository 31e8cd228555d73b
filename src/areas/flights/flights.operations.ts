// The specification's flight operations (base /flight): open to any session, a guest's included (contract §3).
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  Airline,
  AirlinesRequest,
  FetchResultsRequest,
  Location,
  LocationsRequest,
  OfferSet,
  PriceRequest,
  PricedOffer,
  SearchRequest,
} from './flights.schemas.js';
import type { FlightService } from './flights.service.js';

const flights = {
  allow: Allow.anySession,
  sessionParameter: 'required',
  tags: ['flights'],
  methods: ['POST'],
} as const;
const SUPPLIER = 'The supplier failing, slow or refusing: API_ERROR (its own message is not shown).';

const getLocations = (service: FlightService) =>
  operation({
    ...flights,
    path: '/flight/getLocations',
    summary: 'Airports and cities whose code or name matches the keyword → locations (at most 100)',
    description: SUPPLIER,
    input: LocationsRequest,
    response: Type.Array(Location),
    handler: (ctx, input) => service.locations(ctx, input.keyword),
  });

const getAirlines = (service: FlightService) =>
  operation({
    ...flights,
    path: '/flight/getAirlines',
    summary: 'Airlines by IATA or ICAO code (full or its start) or a part of the name → airlines (at most 100)',
    description: SUPPLIER,
    input: AirlinesRequest,
    response: Type.Array(Airline),
    handler: (ctx, input) => service.airlines(ctx, input.code),
  });

const search = (service: FlightService) =>
  operation({
    ...flights,
    path: '/flight/search',
    summary: "Search offers → the offer set's first page (searchId usable for 30 minutes)",
    description:
      "Amounts in the tenant's currency. INVALID_FORMAT (naming the parameter): a malformed date, a departureDate " +
      "before the tenant's today or more than 361 days ahead, a returnDate before departureDate, an origin or " +
      'destination that is no known IATA airport or city code (or both the same), more than 9 passengers in all, ' +
      'more infants than adults. Pages hold 20 offers; offer ids are <searchId>-<n>. grouping 1: offers flying the ' +
      `same flights follow each other, described by offerGroups. ${SUPPLIER}`,
    input: SearchRequest,
    response: OfferSet,
    handler: (ctx, input) => service.search(ctx, input),
  });

const fetchResults = (service: FlightService) =>
  operation({
    ...flights,
    path: '/flight/fetchResults',
    summary: 'A page of a kept search → offer set (a page past the last: no offers)',
    description:
      "Sorted by the search's sortOrder; grouping IND or GRP (absent: the search's). An unknown searchId, or one " +
      'older than 30 minutes: NOTFOUND.',
    input: FetchResultsRequest,
    response: OfferSet,
    handler: (ctx, input) => service.fetchResults(ctx, input),
  });

const price = (service: FlightService) =>
  operation({
    ...flights,
    path: '/flight/price',
    summary: 'Price an offer of a kept search again at the supplier → priced offer with the same id',
    description:
      'An offer of an unknown or expired search: NOTFOUND. passengers (optional): exactly the numbers of ADULT, ' +
      'CHILD and INFANT the search asked for, unique passengerIds, a dateOfBirth making that type on the departure ' +
      `date (infant under 2, child 2 to 11); otherwise INVALID_FORMAT. ${SUPPLIER}`,
    input: PriceRequest,
    response: PricedOffer,
    handler: (ctx, input) => service.price(ctx, input.flightOfferId, input.passengers),
  });

export function flightOperations(service: FlightService): OperationDeclaration[] {
  return [getLocations, getAirlines, search, fetchResults, price].map((declare) => declare(service));
}
