// A trip-planning itinerary worth a proposal, for the proposal's tests, its browser test and its bench, made through
// the API as an employee does: for a customer with an Arabic name, a five-day project a month ahead and its itinerary,
// then components cycling through a flight to Zürich (an offer of /flight/search), a hotel (an offer of the default
// online-hotel supplier, the simulator, whose offers depend only on the request), a free-text activity and another
// service with accented names, and an exclusion, each priced with a margin. What the proposal must never show (each
// component's cost and margin) is read back from /tripmaker/itinerary/get.
import { createHotelSimulator } from '../../src/integrations/hotels/simulator/index.js';
import { formatMinorAmount, toMinor } from '../../src/platform/money.js';
import { addDays, formatDate } from '../../src/platform/time.js';

/** Calls a tenant operation as an employee and answers its apiData (a test's or the bench's client). */
export type EmployeeCall = <T>(path: string, body: object) => Promise<T>;

/** What the proposal of the made itinerary must show, and what it must never show. */
export interface ProposalFixture {
  itineraryId: number;
  projectName: string;
  /** yyyy-MM-dd: the trip's first and last days. */
  startDate: string;
  endDate: string;
  /** The selling total as the proposal writes it ("AED 12,345.50"). */
  totalText: string;
  /** The hotel offers' names, as the proposal shows them. */
  hotelNames: string[];
  /** Every component's cost price and margin, as texts a renderer could write them. */
  hidden: string[];
}

export const PROPOSAL_CUSTOMER = 'مريم خليل';
export const PROPOSAL_CITY = 'Zürich';
export const PROPOSAL_ACTIVITY = 'Château de Chillon à Montreux';
const MARGIN = 12.5;

interface Component {
  componentType: string;
  costPrice?: number;
  marginValue?: number;
  currency?: string;
}

interface Itinerary {
  currency: string;
  totalSelling: number;
  totalCost: number;
  totalMargin: number;
  components: Component[];
}

interface FlightOffers {
  offers: Array<{ id: string }>;
}

async function hotelOffers(start: string) {
  const simulator = createHotelSimulator({ clock: () => new Date() });
  const offers = await simulator.search({
    cityCode: 'PAR',
    arrivalDate: addDays(start, 1),
    nights: 2,
    rooms: [{ adults: 2, childAges: [8] }],
    currency: 'AED',
    maxResults: 10,
  });
  if (offers.length === 0) throw new Error('the hotel simulator has no offer');
  return offers;
}

async function addComponent(call: EmployeeCall, itineraryId: number, index: number, offers: Offers): Promise<void> {
  const priced = { itineraryId, marginType: 'PERCENTAGE', marginValue: MARGIN };
  const day = (index % 5) + 1;
  switch (index % 5) {
    case 0: {
      const flight = offers.flights[Math.floor(index / 5) % offers.flights.length];
      await call('/tripmaker/itinerary/add-flight', { ...priced, flightOffer: { id: flight?.id }, dayNumber: 1 });
      return;
    }
    case 1: {
      const hotel = offers.hotels[Math.floor(index / 5) % offers.hotels.length];
      if (!hotel) throw new Error('no hotel offer');
      const hotelOffer = {
        offerId: hotel.offerCode,
        hotelId: hotel.hotelCode,
        hotelName: hotel.hotelName,
        roomType: hotel.roomTypes[0],
        boardType: hotel.roomBasis,
        checkInDate: hotel.arrivalDate,
        checkOutDate: addDays(hotel.arrivalDate, hotel.nights),
      };
      await call('/tripmaker/itinerary/add-accommodation', { ...priced, hotelOffer, dayNumber: day });
      return;
    }
    case 2:
      await call('/tripmaker/itinerary/add-activity', {
        ...priced,
        title: `${PROPOSAL_ACTIVITY} ${index}`,
        costPrice: 420 + index,
        dayNumber: day,
      });
      return;
    case 3:
      await call('/tripmaker/itinerary/add-service', {
        ...priced,
        serviceType: 'TRANSFER',
        description: `Transfert privé Genève ${index}`,
        cost: 310 + index,
        dayNumber: day,
      });
      return;
    default:
      await call('/tripmaker/itinerary/add-exclusion', { itineraryId, description: `Taxe de séjour ${index}` });
  }
}

interface Offers {
  flights: FlightOffers['offers'];
  hotels: Awaited<ReturnType<typeof hotelOffers>>;
}

/** Amounts as a renderer could write them: 1234.5, 1234.50, 1,234.50, AED 1,234.50. */
function amountTexts(amount: number, currency: string): string[] {
  const formatted = formatMinorAmount(toMinor(amount, currency), currency);
  const decimal = formatted.replace(/^[A-Z]{3} /, '');
  // a bare whole number ("422") could be any figure of the document: its decimal forms are what a price looks like
  return [formatted, decimal, decimal.replace(/,/g, ''), ...(Number.isInteger(amount) ? [] : [String(amount)])];
}

/** The itinerary for `customerId`, made through the API by `call` (an employee). */
export async function proposalItinerary(
  call: EmployeeCall,
  options: { customerId: number; components: number; projectName: string },
): Promise<ProposalFixture> {
  const startDate = addDays(formatDate(new Date(), 'UTC'), 30);
  const endDate = addDays(startDate, 4);
  const project = await call<{ projectId: number }>('/tripmaker/project/create', {
    projectName: options.projectName,
    customerId: options.customerId,
    ...{ startDate, endDate, adults: 2, children: 1, currency: 'AED' },
  });
  const { itineraryId } = await call<{ itineraryId: number }>('/tripmaker/itinerary/create', {
    projectId: project.projectId,
    itineraryName: 'Option A: lakes and mountains',
    description: 'Five days between Zürich, Paris and the Alps',
  });
  const search = { origin: 'DXB', destination: 'ZRH', departureDate: startDate, numAdults: 2, numChildren: 1 };
  const offers = {
    flights: (await call<FlightOffers>('/flight/search', search)).offers,
    hotels: await hotelOffers(startDate),
  };
  for (let index = 0; index < options.components; index += 1) await addComponent(call, itineraryId, index, offers);
  const itinerary = await call<Itinerary>('/tripmaker/itinerary/get', { itineraryId });
  const hidden = itinerary.components.flatMap((component) =>
    component.costPrice === undefined ? [] : amountTexts(component.costPrice, component.currency ?? 'AED'),
  );
  hidden.push(
    ...amountTexts(itinerary.totalCost, itinerary.currency),
    ...amountTexts(itinerary.totalMargin, itinerary.currency),
  );
  return {
    itineraryId,
    projectName: options.projectName,
    startDate,
    endDate,
    totalText: formatMinorAmount(toMinor(itinerary.totalSelling, itinerary.currency), itinerary.currency),
    hotelNames: offers.hotels.map((hotel) => hotel.hotelName),
    hidden: [...new Set(hidden), `${MARGIN}`, 'Margin', 'margin', 'Cost', 'cost price'],
  };
}
