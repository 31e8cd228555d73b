// The online hotel supplier: who searches hotel offers in a city, prices one again (valuation), books it, reports
// and cancels a booking and gives its voucher. Provider-neutral, shaped after GoGlobal's XML API (the supplier of
// the original product: research/external-systems.md §6) so its answers map without loss; the simulator is the
// default adapter, GoGlobal (TC_HOTELS=goglobal) and Amadeus Hotel Search (TC_HOTELS=amadeus) the real ones.
// Amounts are decimal strings in the offer's currency (exact; the area turns them into the spec's numbers); dates
// are yyyy-MM-dd, local at the hotel.

/** One room of a request: its adults and the ages of its children (0-17; infants are children aged 0-1). */
export interface RoomOccupancy {
  adults: number;
  childAges: number[];
}

export interface HotelSearchRequest {
  /**
   * The supplier's city code: the simulator takes any code of 2-10 letters or digits (DXB, PAR, LON), GoGlobal its
   * own numeric CityId (the static data's cityId), Amadeus an IATA city code (3 letters).
   */
  cityCode: string;
  /** yyyy-MM-dd: the first night. */
  arrivalDate: string;
  /** 1..30. */
  nights: number;
  /** One entry per room, at least one. */
  rooms: RoomOccupancy[];
  /** ISO 4217: the tenant's currency; offers are priced in it. */
  currency: string;
  /** Case-insensitive part of the hotel's name. */
  hotelName?: string;
  /** Meal plans wanted (RO, BB, HB, FB, AI, …); empty or absent: any. */
  roomBasis?: string[];
  /** The most offers wanted; the adapter's own default when absent. */
  maxResults?: number;
}

/** AVAILABLE: bookable at once; ON_REQUEST: the hotel confirms later (a booking starts ON_REQUEST). */
export type OfferAvailability = 'AVAILABLE' | 'ON_REQUEST';

export interface HotelOffer {
  /** The supplier's key of this offer (GoGlobal's HotelSearchCode): what valuation and booking take. */
  offerCode: string;
  hotelCode: string;
  hotelName: string;
  cityCode: string;
  /** ISO 3166-1 alpha-2 when the supplier says. */
  countryCode?: string;
  /** Stars as the supplier shows them: "4", "4.5"; empty when it shows none (Amadeus's offers carry no rating). */
  category: string;
  /** The hotel's area or district. */
  location?: string;
  /** The street address, when the supplier gives one. */
  address?: string;
  /** The hotel's chain or brand code (Amadeus: 2 letters), when the supplier gives one. */
  chainCode?: string;
  /** The hotel's amenities in the supplier's words (Amadeus: WIFI, SWIMMING_POOL, …). */
  amenities?: string[];
  latitude?: number;
  longitude?: number;
  thumbnail?: string;
  /** The room names, one per requested room, in request order. */
  roomTypes: string[];
  /** Meal plan code: RO, BB, HB, FB, AI, CB, BD. */
  roomBasis: string;
  /**
   * The supplier's own word for the meal plan when its words are finer than roomBasis's codes (Amadeus's boardType:
   * ENGLISH_BREAKFAST is BB there), so nothing the supplier said is lost.
   */
  supplierBoardType?: string;
  availability: OfferAvailability;
  arrivalDate: string;
  nights: number;
  /** The whole stay, every room: a decimal string. */
  totalPrice: string;
  currency: string;
  /** The last day to cancel without charge (yyyy-MM-dd); null when non-refundable. */
  cancellationDeadline: string | null;
  nonRefundable: boolean;
  remark?: string;
}

export interface HotelValuation {
  offerCode: string;
  arrivalDate: string;
  /** The price now; may differ from the search's. */
  totalPrice: string;
  currency: string;
  cancellationDeadline: string | null;
  /** The supplier's remarks and policies, for the agent to read to the guest. */
  remarks: string;
}

export interface NightPrice {
  /** yyyy-MM-dd. */
  date: string;
  price: string;
}

export interface HotelPriceBreakdown {
  offerCode: string;
  currency: string;
  rooms: Array<{ roomType: string; nights: NightPrice[]; total: string }>;
  totalPrice: string;
}

export interface HotelGuest {
  title: 'MR' | 'MRS' | 'MS' | 'CHD';
  firstName: string;
  lastName: string;
  /** Children only. */
  age?: number;
}

export interface HotelBookingRequest {
  /**
   * Our reference of the booking (GoGlobal's AgentReference), unique across every tenant: how a booking whose
   * answer never came is found again before any retry.
   */
  clientReference: string;
  offerCode: string;
  arrivalDate: string;
  nights: number;
  /** One entry per room of the offer, in the search's room order; the first adult of the first room leads. */
  rooms: Array<{ adults: HotelGuest[]; children: HotelGuest[] }>;
  remark?: string;
}

/**
 * GoGlobal's booking statuses: C confirmed, RQ requested (on request), RJ rejected, X cancelled, RX cancellation
 * requested, VCH voucher issued.
 */
export type SupplierBookingStatus =
  | 'CONFIRMED'
  | 'ON_REQUEST'
  | 'REJECTED'
  | 'CANCELLED'
  | 'CANCELLATION_REQUESTED'
  | 'VOUCHERED';

export interface SupplierBooking {
  /** The supplier's booking code (GoGlobal's GoBookingCode): what status, cancel and voucher take. */
  bookingCode: string;
  /** The supplier's own reference for the hotel (GoReference), when it gives one. */
  supplierReference?: string;
  clientReference: string;
  status: SupplierBookingStatus;
  hotelName: string;
  arrivalDate: string;
  nights: number;
  totalPrice: string;
  currency: string;
  cancellationDeadline: string | null;
}

/** A booking's status as the supplier reports it after a status request or a cancellation. */
export interface SupplierBookingState {
  bookingCode: string;
  status: SupplierBookingStatus;
  /** The price now, when the supplier says. */
  totalPrice?: string;
  currency?: string;
}

export interface HotelVoucher {
  bookingCode: string;
  supplierReference?: string;
  hotelName: string;
  address?: string;
  phone?: string;
  cityCode?: string;
  checkIn: string;
  checkOut: string;
  roomBasis: string;
  roomTypes: string[];
  leadGuest: string;
  /** Who pays the hotel ("Payable by …"), as the supplier prints it. */
  bookedAndPayableBy?: string;
  emergencyPhone?: string;
  remarks?: string;
}

export type HotelSupplierErrorKind = 'unavailable' | 'timeout' | 'rate-limited' | 'refused';

/**
 * The supplier failed or refused. The area answers API_ERROR and never shows `message` (it may hold the supplier's
 * words); the message is for the log. `timeout` means the answer never came: the call may have taken effect.
 */
export class HotelSupplierError extends Error {
  constructor(
    readonly kind: HotelSupplierErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HotelSupplierError';
  }
}

export interface HotelSupplier {
  readonly kind: 'simulator' | 'goglobal' | 'amadeus';
  /** Offers for the request (any order: the area sorts). Rejects with HotelSupplierError. */
  search(request: HotelSearchRequest, signal?: AbortSignal): Promise<HotelOffer[]>;
  /** Prices an offer of an earlier search again; kind 'refused' when it is no longer sold. */
  valuate(offerCode: string, arrivalDate: string, signal?: AbortSignal): Promise<HotelValuation>;
  /** The offer's price night by night and room by room. */
  priceBreakdown(offerCode: string, signal?: AbortSignal): Promise<HotelPriceBreakdown>;
  /** Books the offer. A 'timeout' rejection may hide a booking made: ask findByClientReference before retrying. */
  book(request: HotelBookingRequest, signal?: AbortSignal): Promise<SupplierBooking>;
  /** The booking's status at the supplier now; kind 'refused' for a code it does not know. */
  status(bookingCode: string, signal?: AbortSignal): Promise<SupplierBookingState>;
  /** The booking made with this client reference, or null when the supplier has none. */
  findByClientReference(clientReference: string, signal?: AbortSignal): Promise<SupplierBooking | null>;
  /** Cancels the booking (the answer carries CANCELLED or CANCELLATION_REQUESTED); cancelling again is harmless. */
  cancel(bookingCode: string, signal?: AbortSignal): Promise<SupplierBookingState>;
  /** What the guest shows at the hotel; kind 'refused' while the booking is not confirmed. */
  voucher(bookingCode: string, signal?: AbortSignal): Promise<HotelVoucher>;
}
