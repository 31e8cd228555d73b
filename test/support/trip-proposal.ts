// A trip-planning itinerary worth a proposal, for the proposal's tests, its browser test and its bench: for a customer
// with an Arabic name, a project over five days and its itinerary (made through the API), and its components cycling
// through a flight to an accented city, a hotel, an activity, another service and an exclusion, each priced with a
// cost, a margin and a selling price, the first two of which must never show.
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

/** Calls a tenant operation as an employee and answers its apiData (a test's or the bench's client). */
export type EmployeeCall = <T>(path: string, body: object) => Promise<T>;

/** Runs work on the tenant's own database. */
export type OnTenantDatabase = <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

/**
 * The project and its itinerary made through the API for a customer made beforehand; the components written to the
 * trip-planning table (db/tenant/0901_trip_planning.sql) as the components' operations store them.
 */
export async function proposalItinerary(
  call: EmployeeCall,
  onDatabase: OnTenantDatabase,
  options: { customerId: number; components: number; projectName: string },
): Promise<ProposalFixture> {
  const project = await call<{ projectId: number }>('/tripmaker/project/create', {
    projectName: options.projectName,
    customerId: options.customerId,
    startDate: '2026-12-10',
    endDate: '2026-12-14',
    adults: 2,
    children: 1,
    currency: 'AED',
  });
  const itinerary = await call<{ itineraryId: number }>('/tripmaker/itinerary/create', {
    projectId: project.projectId,
    itineraryName: 'Option A: lakes and mountains',
    description: 'Five days between Zürich and the Alps',
  });
  return onDatabase((sql) => writeComponents(sql, itinerary.itineraryId, options));
}

async function writeComponents(
  sql: Sql,
  itineraryId: number,
  options: { components: number; projectName: string },
): Promise<ProposalFixture> {
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
      VALUES (${itineraryId}, ${type}, ${day}, ${description}, ${money?.cost ?? null},
              ${money?.cost ?? null}, ${money ? 'AED' : null}, ${money ? 'PERCENTAGE' : null},
              ${money?.marginValue ?? null}, ${money?.selling ?? null}, ${sql.json(details as never)})`;
  }
  const whole = String(Math.floor(sellingMinor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return {
    itineraryId,
    projectName: options.projectName,
    customerName: PROPOSAL_CUSTOMER,
    totalText: `AED ${whole}.${String(sellingMinor % 100).padStart(2, '0')}`,
    hidden: [...hidden, '12.5', 'Margin', 'margin', 'Cost', 'cost price'],
  };
}
