// The proposal of an itinerary, made from what the itineraries part reads (its project, customer, components and
// totals in the project's currency) and the agency's branding: the view (proposal.view.ts) with no cost price and no
// margin, then the PDF or the page. Airline and airport names come from the flight supplier's reference data, each
// code asked once per proposal; a supplier that does not answer leaves the codes as they are (a proposal never
// fails for a name).
import type { FlightSupplier } from '../../../integrations/flights/index.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import { toMinor } from '../../../platform/money.js';
import type { Brands } from '../../../platform/rendering/branding.js';
import { keyedPage } from '../../../platform/rendering/page-answer.js';
import { formatDate } from '../../../platform/time.js';
import type { ItineraryWithComponents } from '../itineraries/index.js';
import type { Component, FlightComponent } from '../trip.schemas.js';
import { renderProposalPdf } from './proposal-pdf.js';
import { proposalPage } from './proposal-page.js';
import type { ProposalFlight, ProposalHotel, ProposalItem, ProposalView } from './proposal.view.js';

export interface ProposalDeps {
  brands: Pick<Brands, 'of'>;
  flightSupplier: Pick<FlightSupplier, 'findAirlines' | 'locationByCode'>;
  /** The itinerary with its project, customer and components; NOTFOUND when the tenant has none of that id. */
  read(ctx: TenantContext, itineraryId: number): Promise<ItineraryWithComponents>;
}

// A name look-up that takes longer is given up: the code is shown instead.
const NAME_TIMEOUT_MS = 2_000;

/** Names by code, each code asked once, a failure or a miss answering undefined. */
function namesOnce(find: (code: string, signal: AbortSignal) => Promise<string | undefined>) {
  const asked = new Map<string, Promise<string | undefined>>();
  return (code: string) => {
    let name = asked.get(code);
    if (!name) {
      name = find(code, AbortSignal.timeout(NAME_TIMEOUT_MS)).catch(() => undefined);
      asked.set(code, name);
    }
    return name;
  };
}

/** "ZÜRICH" → "Zürich"; a name already in mixed case stays as it is. */
function properCase(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s\-/'(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined || value === '' ? {} : { [key]: value }) as Partial<Record<K, V>>;

export function createProposalService(deps: ProposalDeps) {
  /** Each leg of a flight component: its segments, or the component's own first leg when it has none. */
  async function flightLegs(components: FlightComponent[]): Promise<ProposalFlight[]> {
    const airlineName = namesOnce(async (code, signal) => {
      const found = await deps.flightSupplier.findAirlines(code, signal);
      const airline = found.find((each) => each.iataCode === code);
      return airline ? properCase(airline.commonName ?? airline.businessName) : undefined;
    });
    const placeName = namesOnce(async (code, signal) => {
      const location = await deps.flightSupplier.locationByCode(code, signal);
      return location ? properCase(location.cityName || location.name) : undefined;
    });
    const legs = components.flatMap((flight) => legsOf(flight));
    return Promise.all(
      legs.map(async (leg) => ({
        ...leg,
        ...optional('airlineName', leg.airlineName ?? (await airlineName(leg.airline))),
        ...optional('originName', leg.originName ?? (await placeName(leg.origin))),
        ...optional('destinationName', leg.destinationName ?? (await placeName(leg.destination))),
      })),
    );
  }

  async function viewOf(ctx: TenantContext, itineraryId: number): Promise<ProposalView> {
    const { project, customer, itinerary } = await deps.read(ctx, itineraryId);
    const agency = await deps.brands.of(ctx.tenant, ctx.db);
    const { components } = itinerary;
    const of = <T extends Component['componentType']>(type: T) =>
      components.filter((c): c is Extract<Component, { componentType: T }> => c.componentType === type);
    return {
      agency,
      project: {
        projectName: project.projectName,
        ...optional('customerName', customer?.custName ?? project.customerName),
        ...optional('customerEmail', customer?.email ?? project.customerEmail),
        ...optional('startDate', project.startDate),
        ...optional('endDate', project.endDate),
        adults: project.adults,
        children: project.children,
        infants: project.infants,
      },
      itineraryName: itinerary.itineraryName,
      ...optional('itineraryDescription', itinerary.description),
      currency: itinerary.currency,
      totalSellingMinor: toMinor(itinerary.totalSelling, itinerary.currency),
      issuedOn: formatDate(ctx.now, ctx.tenant.timezone),
      flights: await flightLegs(of('FLIGHT')),
      hotels: of('HOTEL').map(hotelOf),
      activities: of('ACTIVITY').map((a) => itemOf(a.dayNumber, a.title, a.description)),
      services: of('SERVICE').map((s) => itemOf(s.dayNumber, readableService(s.serviceType), s.description)),
      exclusions: of('EXCLUSION').map((e) => itemOf(e.dayNumber, e.description, null)),
    };
  }

  return {
    viewOf,
    /** The proposal as a PDF, shown in the browser (inline) and saved under the project's name. */
    async pdf(ctx: TenantContext, itineraryId: number): Promise<RawAnswer> {
      const view = await viewOf(ctx, itineraryId);
      const filename = `Proposal ${view.project.projectName}.pdf`;
      return new RawAnswer('application/pdf', await renderProposalPdf(view), { filename, inline: true });
    },
    /** The proposal as the employees' HTML page. */
    async page(ctx: TenantContext, itineraryId: number): Promise<RawAnswer> {
      return keyedPage(proposalPage(await viewOf(ctx, itineraryId)));
    },
  };
}

export type ProposalService = ReturnType<typeof createProposalService>;

function legsOf(flight: FlightComponent): ProposalFlight[] {
  const dayNumber = flight.dayNumber ?? undefined;
  if (flight.segments.length === 0) {
    return [
      {
        ...optional('dayNumber', dayNumber),
        airline: flight.airline,
        flightNumber: flight.flightNumber,
        origin: flight.origin,
        ...optional('originName', flight.originName),
        destination: flight.destination,
        ...optional('destinationName', flight.destinationName),
        ...optional('departureDate', flight.departureDate),
        ...optional('departureTime', flight.departureTime),
        ...optional('arrivalTime', flight.arrivalTime),
        ...optional('cabinClass', flight.cabinClass),
      },
    ];
  }
  // the component's day is its first leg's; the later legs fall on the days of their own dates
  return flight.segments.map((segment, index) => ({
    ...optional('dayNumber', index === 0 ? dayNumber : undefined),
    airline: segment.carrierCode,
    flightNumber: segment.flightNumber,
    origin: segment.origin,
    ...optional('originName', segment.origin === flight.origin ? flight.originName : undefined),
    destination: segment.destination,
    ...optional('destinationName', segment.destination === flight.destination ? flight.destinationName : undefined),
    departureDate: segment.departureAt.slice(0, 10),
    departureTime: segment.departureAt.slice(11, 16),
    arrivalTime: segment.arrivalAt.slice(11, 16),
    ...optional('cabinClass', segment.cabin ?? flight.cabinClass),
  }));
}

function hotelOf(hotel: Extract<Component, { componentType: 'HOTEL' }>): ProposalHotel {
  return {
    ...optional('dayNumber', hotel.dayNumber),
    hotelName: hotel.hotelName,
    ...optional('roomType', hotel.roomType),
    ...optional('boardType', hotel.boardType),
    ...optional('checkIn', hotel.checkIn),
    ...optional('checkOut', hotel.checkOut),
    nights: hotel.nights,
  };
}

function itemOf(dayNumber: number | null, title: string, description: string | null): ProposalItem {
  return { ...optional('dayNumber', dayNumber), title, ...optional('description', description) };
}

const SERVICE_NAMES: Record<string, string> = {
  TRANSFER: 'Transfer',
  GUIDE: 'Guide',
  INSURANCE: 'Travel insurance',
  VISA: 'Visa',
  CAR_RENTAL: 'Car rental',
  OTHER: 'Service',
};
const readableService = (type: string) => SERVICE_NAMES[type] ?? type;
