// Rows as the area answers them, and an itinerary's money in the project's currency: each priced component is
// converted at the tenant's rate in force on the tenant's today (exchange_rates, contract §8.3) and rounded to the
// minor unit, then summed, so the totals are the sum of what a booking's lines will be.
import type { Queryable } from '../../platform/database/connections.js';
import { ApiError, ErrorCode, invalidFormat } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { decimalAmount, fromMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { Customer } from '../customers/index.js';
import type { ComponentRow, ItineraryRow, ProjectRow } from './trip.repository.js';
import { convertMinor, itineraryTotals } from './trip.rules.js';
import type { TripPlanningDeps } from './trip.shared.js';
import {
  BOARD_TYPES,
  type BoardType,
  type Component,
  type ItinerarySummary,
  type MarginType,
  type ProjectSummary,
  SERVICE_TYPES,
  type ServiceType,
} from './trip.schemas.js';

/** The rates of one request, each pair looked up once, all on the tenant's today. */
export interface RateBook {
  /** The rate from → to (decimal text), null for the same currency; undefined when the tenant has none in force. */
  rate(from: string, to: string): Promise<string | null | undefined>;
  /** The pairs looked up so far with what they answered (a kept answer is good while they answer the same). */
  used(): Array<{ from: string; to: string; rate: string | undefined }>;
}

export function rateBook(
  deps: Pick<TripPlanningDeps, 'rates'>,
  db: Queryable,
  ctx: Pick<TenantContext, 'now' | 'tenant'>,
): RateBook {
  const today = formatDate(ctx.now, ctx.tenant.timezone);
  const known = new Map<string, string | undefined>();
  return {
    async rate(from, to) {
      if (from === to) return null;
      const key = `${from}>${to}`;
      if (!known.has(key)) known.set(key, await deps.rates.rateInForce(db, from, to, today));
      return known.get(key);
    },
    used: () =>
      [...known].map(([key, rate]) => {
        const [from = '', to = ''] = key.split('>');
        return { from, to, rate };
      }),
  };
}

/** INVALID_FORMAT naming `parameter` when the tenant has no rate from `currency` to the project's currency. */
export async function requireRate(rates: RateBook, currency: string, projectCurrency: string, parameter: string) {
  if ((await rates.rate(currency, projectCurrency)) === undefined) {
    throw invalidFormat(parameter, `${currency} has no exchange rate to ${projectCurrency} in force`);
  }
}

interface Priced {
  component_type: ComponentRow['component_type'];
  cost_price: string | null;
  selling_price: string | null;
  currency: string | null;
}

/** A priced component's cost and selling in minor units of the project's currency. */
export async function convertComponent(rates: RateBook, row: Priced, projectCurrency: string) {
  if (row.cost_price === null || row.selling_price === null || row.currency === null) return undefined;
  const rate = await rates.rate(row.currency, projectCurrency);
  if (rate === undefined) {
    // the rate was there when the component was added: it has since been deleted
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      `No exchange rate ${row.currency}→${projectCurrency} is in force: add one (/cruise/exchangerate/write)`,
    );
  }
  return {
    type: row.component_type,
    costMinor: convertMinor(row.cost_price, row.currency, projectCurrency, rate),
    sellingMinor: convertMinor(row.selling_price, row.currency, projectCurrency, rate),
  };
}

/** The totals of the itinerary's priced components, as the answer's numbers in the project's currency. */
export async function totalsOf(rates: RateBook, rows: readonly Priced[], projectCurrency: string) {
  const converted = [];
  for (const row of rows) {
    const priced = await convertComponent(rates, row, projectCurrency);
    if (priced) converted.push(priced);
  }
  return { converted, totals: totalsAnswer(itineraryTotals(converted), projectCurrency) };
}

export function totalsAnswer(totals: ReturnType<typeof itineraryTotals>, currency: string) {
  return {
    currency,
    totalCost: fromMinor(totals.cost, currency),
    totalSelling: fromMinor(totals.selling, currency),
    totalMargin: fromMinor(totals.margin, currency),
    marginPercentage: totals.marginPercentage,
  };
}

export function projectAnswer(row: ProjectRow, customer: Customer | undefined | null): ProjectSummary {
  return {
    projectId: row.project_id,
    projectName: row.project_name,
    customerId: row.customer_id,
    customerName: customer?.custName ?? null,
    customerEmail: customer?.email ?? null,
    startDate: row.start_date,
    endDate: row.end_date,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    currency: row.currency,
    status: row.status,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    bookingId: row.blm_booking_id,
    bookingReference: row.booking_reference,
    bookedItineraryId: row.booked_itinerary_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function itinerarySummary(
  row: ItineraryRow,
  totals: Awaited<ReturnType<typeof totalsOf>>['totals'],
): ItinerarySummary {
  return {
    itineraryId: row.itinerary_id,
    projectId: row.project_id,
    itineraryName: row.itinerary_name,
    description: row.description,
    ...totals,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A component row as its type's answer. */
export function componentAnswer(row: ComponentRow): Component {
  const base = { componentId: row.component_id, itineraryId: row.itinerary_id, dayNumber: row.day_number };
  if (row.component_type === 'EXCLUSION') {
    return { ...base, componentType: 'EXCLUSION', description: row.description ?? '' };
  }
  const money = pricedFields(row);
  const d = row.details;
  switch (row.component_type) {
    case 'FLIGHT':
      return {
        ...base,
        ...money,
        componentType: 'FLIGHT',
        airline: d.airline ?? '',
        flightNumber: d.flightNumber ?? '',
        origin: d.origin ?? '',
        originName: d.originName ?? '',
        destination: d.destination ?? '',
        destinationName: d.destinationName ?? '',
        departureDate: d.departureDate ?? '',
        departureTime: d.departureTime ?? '',
        arrivalDate: d.arrivalDate ?? '',
        arrivalTime: d.arrivalTime ?? '',
        cabinClass: d.cabinClass ?? '',
        returnDate: d.returnDate ?? null,
        segments: d.segments ?? [],
      };
    case 'HOTEL':
      return {
        ...base,
        ...money,
        componentType: 'HOTEL',
        offerId: d.offerId ?? '',
        hotelId: d.hotelId ?? '',
        hotelName: d.hotelName ?? '',
        roomType: d.roomType ?? '',
        boardType: boardTypeOf(d.boardType),
        nights: d.nights ?? 0,
        checkIn: d.checkIn ?? '',
        checkOut: d.checkOut ?? '',
      };
    case 'ACTIVITY':
      return {
        ...base,
        ...money,
        componentType: 'ACTIVITY',
        productId: d.productId ?? null,
        variantId: d.variantId ?? null,
        title: d.title ?? '',
        quantity: d.quantity ?? 1,
      };
    case 'SERVICE':
      return { ...base, ...money, componentType: 'SERVICE', serviceType: serviceTypeOf(d.serviceType) };
  }
}

function pricedFields(row: ComponentRow) {
  const currency = row.currency ?? '';
  return {
    costPrice: decimalAmount(row.cost_price ?? '0', currency),
    currency,
    marginType: row.margin_type ?? ('PERCENTAGE' satisfies MarginType),
    marginValue: Number(row.margin_value ?? '0'),
    sellingPrice: decimalAmount(row.selling_price ?? '0', currency),
    supplierCost: decimalAmount(row.supplier_cost ?? row.cost_price ?? '0', currency),
    overrideReason: row.override_reason,
    description: row.description,
  };
}

const boardTypeOf = (stored: string | undefined): BoardType =>
  BOARD_TYPES.find((board) => board === stored) ?? 'ROOM_ONLY';

const serviceTypeOf = (stored: string | undefined): ServiceType =>
  SERVICE_TYPES.find((type) => type === stored) ?? 'OTHER';
