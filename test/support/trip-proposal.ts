// A trip-planning itinerary worth a proposal, for the proposal's tests, its browser test and its bench: a customer
// with an Arabic name (made through the API), a project over five days, and its components cycling through a flight
// to an accented city, a hotel, an activity, another service and an exclusion, each priced with a cost, a margin and
// a selling price that must never show.
import type { Sql } from 'postgres';

/** What the proposal of the made itinerary must show, and what it must never show. */
export interface ProposalFixture {
  itineraryId: number;
  projectName: string;
  customerName: string;
  /** The selling total as the proposal writes it ("AED 12,345.50"). */
  totalText: string;
  /** Every component's cost price and margin value, as texts a renderer could write them. */
  hidden: string[];
}

export const PROPOSAL_CUSTOMER = 'مريم خليل';
export const PROPOSAL_CITY = 'Zürich';

interface Priced {
  cost: string;
  marginValue: string;
  selling: string;
}

/** The n-th component's money: AED, 12.5 % (a margin nobody would write as a price), distinct costs. */
function pricedAt(index: number): Priced {
  const costMinor = 123_457 + index * 1_013;
  const sellingMinor = Math.round((costMinor * 1125) / 1000);
  const text = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  return { cost: text(costMinor), marginValue: '12.5', selling: text(sellingMinor) };
}

function detailsAt(index: number, day: number): { type: string; description: string | null; details: object } {
  switch (index % 5) {
    case 0:
      return {
        type: 'FLIGHT',
        description: null,
        details: {
          airline: 'EK',
          flightNumber: `EK ${87 + index}`,
          origin: 'DXB',
          originName: 'Dubai',
          destination: 'ZRH',
          destinationName: PROPOSAL_CITY,
          departureDate: '2026-12-10',
          departureTime: '08:35',
          arrivalDate: '2026-12-10',
          arrivalTime: '12:55',
          cabinClass: 'BUSINESS',
          segments: [],
        },
      };
    case 1:
      return {
        type: 'HOTEL',
        description: null,
        details: {
          offerId: `offer-${index}`,
          hotelId: 'ZRH-1',
          hotelName: 'Hôtel Château Gütsch',
          roomType: 'Deluxe lake view',
          boardType: 'HALF_BOARD',
          nights: 2,
          checkIn: `2026-12-${9 + day}`,
          checkOut: `2026-12-${11 + day}`,
        },
      };
    case 2:
      return {
        type: 'ACTIVITY',
        description: 'Train to the Top of Europe',
        details: { title: `Jungfraujoch day ${day}`, quantity: 2 },
      };
    case 3:
      return { type: 'SERVICE', description: `Private transfer ${index}`, details: { serviceType: 'TRANSFER' } };
    default:
      return { type: 'EXCLUSION', description: `Visa fees ${index}`, details: {} };
  }
}

/**
 * The itinerary, written to the trip-planning tables of the tenant's database (db/tenant/0901_trip_planning.sql) by
 * `sql`, for a customer made through the API beforehand.
 */
export async function writeProposalItinerary(
  sql: Sql,
  options: { customerId: number; components: number; projectName: string },
): Promise<ProposalFixture> {
  const [project] = await sql<Array<{ project_id: number }>>`
    INSERT INTO trip_projects (project_name, customer_id, start_date, end_date, adults, children, currency)
    VALUES (${options.projectName}, ${options.customerId}, '2026-12-10', '2026-12-14', 2, 1, 'AED')
    RETURNING project_id`;
  if (!project) throw new Error('no project');
  const [itinerary] = await sql<Array<{ itinerary_id: number }>>`
    INSERT INTO trip_itineraries (project_id, itinerary_name, description)
    VALUES (${project.project_id}, 'Option A: lakes and mountains', 'Five days between Zürich and the Alps')
    RETURNING itinerary_id`;
  if (!itinerary) throw new Error('no itinerary');
  const hidden: string[] = [];
  let sellingMinor = 0;
  for (let index = 0; index < options.components; index += 1) {
    const day = (index % 5) + 1;
    const { type, description, details } = detailsAt(index, day);
    const money = type === 'EXCLUSION' ? undefined : pricedAt(index);
    if (money) {
      hidden.push(money.cost, money.cost.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
      sellingMinor += Math.round(Number(money.selling) * 100);
    }
    await sql`
      INSERT INTO trip_components (itinerary_id, component_type, day_number, description, cost_price, supplier_cost,
                                   currency, margin_type, margin_value, selling_price, details)
      VALUES (${itinerary.itinerary_id}, ${type}, ${day}, ${description}, ${money?.cost ?? null},
              ${money?.cost ?? null}, ${money ? 'AED' : null}, ${money ? 'PERCENTAGE' : null},
              ${money?.marginValue ?? null}, ${money?.selling ?? null}, ${sql.json(details as never)})`;
  }
  const whole = String(Math.floor(sellingMinor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return {
    itineraryId: itinerary.itinerary_id,
    projectName: options.projectName,
    customerName: PROPOSAL_CUSTOMER,
    totalText: `AED ${whole}.${String(sellingMinor % 100).padStart(2, '0')}`,
    hidden: [...hidden, '12.5', 'Margin', 'margin', 'Cost', 'cost price'],
  };
}
