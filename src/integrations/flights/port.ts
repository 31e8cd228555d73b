// The flight supplier: who searches and prices flight offers and knows the airports, cities and airlines. The model
// is provider-neutral (shaped after Amadeus Self-Service's flight-offers, the richest of the suppliers, so its
// answers map without loss); the simulator is the default adapter and Amadeus the real one (TC_FLIGHTS=amadeus).
// Amounts are decimal strings in the offer's currency (exact; the area turns them into the spec's numbers), times
// are local at the airport (ISO 8601 without offset, as airlines publish them), durations ISO 8601 (PT7H25M).

export type PassengerType = 'ADULT' | 'CHILD' | 'INFANT';
/** Amadeus's traveler types: an infant on a lap is HELD_INFANT, on its own seat SEATED_INFANT. */
export type TravelerType = 'ADULT' | 'CHILD' | 'HELD_INFANT' | 'SEATED_INFANT';

export interface FlightSearchRequest {
  /** IATA airport or city code, upper case. */
  origin: string;
  destination: string;
  /** yyyy-MM-dd, local at the origin. */
  departureDate: string;
  /** yyyy-MM-dd; absent for a one-way trip. */
  returnDate?: string;
  adults: number;
  children: number;
  /** Held infants (on an adult's lap): never more than adults. */
  infants: number;
  /** ISO 4217: the tenant's currency; the offers' amounts are in it. */
  currency: string;
  /** The most offers wanted (Amadeus's `max`, 1..250); the adapter's own default when absent. */
  maxResults?: number;
}

export interface FlightEndpoint {
  iataCode: string;
  terminal?: string;
  /** Local time at the airport, ISO 8601 without offset: 2026-12-01T08:35:00. */
  at: string;
  /** The airport's IANA time zone, when the adapter knows it. */
  timeZone?: string;
}

export interface FlightSegment {
  /** Unique within the offer: what fareDetailsBySegment points at. */
  segmentId: string;
  /** Marketing carrier (IATA). */
  carrierCode: string;
  carrierName?: string;
  /** Operating carrier when another airline flies it. */
  operatingCarrierCode?: string;
  flightNumber: string;
  aircraftCode?: string;
  departure: FlightEndpoint;
  arrival: FlightEndpoint;
  /** ISO 8601 duration of the segment. */
  duration: string;
  /** Technical stops of the segment (not connections: those are separate segments). */
  numberOfStops: number;
  blacklistedInEU: boolean;
}

export interface FlightItinerary {
  /** ISO 8601 duration from the first departure to the last arrival (connections included). */
  duration: string;
  segments: FlightSegment[];
}

export interface IncludedCheckedBags {
  quantity?: number;
  weight?: number;
  weightUnit?: string;
}

export interface FareDetailsBySegment {
  segmentId: string;
  /** ECONOMY, PREMIUM_ECONOMY, BUSINESS, FIRST. */
  cabin: string;
  fareBasis: string;
  /** Booking class (one letter). */
  class: string;
  includedCheckedBags?: IncludedCheckedBags;
  brandedFare?: string;
  brandedFareLabel?: string;
}

/** The price of one traveler of an offer. */
export interface TravelerPricing {
  /** "1", "2", ... in the order adults, children, infants. */
  travelerId: string;
  travelerType: TravelerType;
  /** STANDARD, INCLUSIVE_TOUR, SPANISH_MELILLA_RESIDENT, ... */
  fareOption: string;
  /** An infant's adult. */
  associatedAdultId?: string;
  price: { currency: string; base: string; total: string };
  fareDetailsBySegment?: FareDetailsBySegment[];
}

export interface FlightOffer {
  /** The supplier's id of the offer within its search ("1", "2", ...): the area prefixes it with the search. */
  id: string;
  /** GDS, ... */
  source: string;
  instantTicketingRequired: boolean;
  nonHomogeneous: boolean;
  oneWay: boolean;
  /** yyyy-MM-dd. */
  lastTicketingDate: string;
  /** ISO 8601 local date-time, when the supplier gives one. */
  lastTicketingDateTime?: string;
  numberOfBookableSeats?: number;
  itineraries: FlightItinerary[];
  price: { currency: string; base: string; total: string; grandTotal: string };
  validatingAirlines: string[];
  travelerPricings: TravelerPricing[];
  /**
   * What the adapter needs to price this offer again (Amadeus wants its flight-offer object back verbatim). Opaque
   * to the area, kept with the search as JSON; must be JSON-serialisable.
   */
  supplierData?: unknown;
}

/** A passenger of /flight/price (contract §7.5). */
export interface FlightPassenger {
  passengerId: string;
  type: PassengerType;
  /** yyyy-MM-dd. */
  dateOfBirth?: string;
}

export interface PricedFlightOffer {
  /** The supplier's id (the area puts its own id back). */
  id: string;
  /** "flight-offer". */
  type: string;
  source: string;
  instantTicketingRequired: boolean;
  nonHomogeneous: boolean;
  oneWay: boolean;
  paymentCardRequired: boolean;
  lastTicketingDate: string;
  lastTicketingDateTime?: string;
  numberOfBookableSeats?: number;
  itineraries: FlightItinerary[];
  price: {
    currency: string;
    base: string;
    total: string;
    grandTotal: string;
    refundableTaxes?: string;
    billingCurrency?: string;
    fees: { amount: string; type: 'SUPPLIER' | 'TICKETING' | string }[];
    taxes: { amount: string; code: string }[];
    additionalServices?: { amount: string; type: string }[];
  };
  pricingOptions: { fareType: string[]; includedCheckedBagsOnly: boolean };
  validatingAirlines: string[];
  travelerPricings: (TravelerPricing & { fareDetailsBySegment: FareDetailsBySegment[] })[];
}

export interface FlightLocation {
  subType: 'AIRPORT' | 'CITY';
  iataCode: string;
  /** Upper case, as Amadeus gives it: HEATHROW. */
  name: string;
  /** LONDON/GB:HEATHROW. */
  detailedName: string;
  cityName: string;
  cityCode: string;
  countryName: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** EUROP, MEAST, ... (Amadeus's region code); empty when unknown. */
  regionCode: string;
  timeZone?: string;
  latitude?: number;
  longitude?: number;
}

export interface FlightAirline {
  iataCode: string;
  icaoCode?: string;
  businessName: string;
  commonName?: string;
}

export type FlightSupplierErrorKind = 'unavailable' | 'timeout' | 'rate-limited' | 'refused';

/**
 * The supplier failed or refused. The area answers API_ERROR and never shows `message` (it may hold the supplier's
 * words); the message is for the log.
 */
export class FlightSupplierError extends Error {
  constructor(
    readonly kind: FlightSupplierErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FlightSupplierError';
  }
}

export interface FlightSupplier {
  readonly kind: 'simulator' | 'amadeus';
  /** Offers for the request (any order: the area sorts). Rejects with FlightSupplierError. */
  searchOffers(request: FlightSearchRequest, signal?: AbortSignal): Promise<FlightOffer[]>;
  /**
   * Prices an offer of an earlier search again for these passengers (empty: the offer's own travelers). Rejects
   * with FlightSupplierError (kind 'refused' when the offer is no longer sold).
   */
  priceOffer(offer: FlightOffer, passengers: FlightPassenger[], signal?: AbortSignal): Promise<PricedFlightOffer>;
  /**
   * Airports and cities whose code, name or city matches the keyword (case-insensitive), best match first. The same
   * keyword answers the same array while the supplier keeps it (reference data), so a caller may key its own work
   * on the array.
   */
  findLocations(keyword: string, signal?: AbortSignal): Promise<readonly FlightLocation[]>;
  /** The airport or city with exactly this IATA code, or null: how the area refuses unknown codes. */
  locationByCode(iataCode: string, signal?: AbortSignal): Promise<FlightLocation | null>;
  /** Airlines whose IATA or ICAO code starts with, or name contains, `codeOrPart` (case-insensitive). */
  findAirlines(codeOrPart: string, signal?: AbortSignal): Promise<FlightAirline[]>;
}
