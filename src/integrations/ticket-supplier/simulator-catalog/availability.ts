// A simulated product's availability, drawn from (product id, date) only: the same request answers the same days.
// Days before the venue's today or more than 365 days after it have nothing; about one day in ten is sold out, and
// a venue's weekly closing day too (both omitted, as Tiqets omits them); about one timeslot in seven is sold out.
// A whole-day product has one timeslot without a time. Dynamic-pricing products' prices move by day, the usual
// price as `originalPrice` when they do. A range may span 366 days at most (the adapter splits Tiqets' 31).
import { addDays, daysBetween, formatDate } from '../../../platform/time.js';
import {
  type CatalogAvailability,
  type CatalogAvailabilityDay,
  type CatalogVariant,
  type CatalogTimeslot,
  type CatalogVariantOffer,
  TicketCatalogError,
} from '../catalog.js';
import { clock, variantsOf } from './entities.js';
import type { ProductPlan } from './plans.js';
import { priceText, scaledMinor } from './prices.js';
import { intIn, pickOf, unit } from './random.js';

/** The longest range one call answers, its first and last days included. */
export const MAX_RANGE_DAYS = 366;
/** How far ahead anything is on sale. */
export const DAYS_AHEAD = 365;

const SOLD_OUT_DAYS = 0.1;
const SOLD_OUT_SLOTS = 0.15;
const DAY_FACTORS = [0.85, 0.9, 1, 1, 1.1, 1.2, 1.3];

function dayNumberOf(date: string): number {
  const value = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(value) || new Date(value).toISOString().slice(0, 10) !== date) {
    throw new TicketCatalogError('refused', `Not a date: ${date}`);
  }
  return value / 86_400_000;
}

function offersOf(plan: ProductPlan, variants: CatalogVariant[], day: number): CatalogVariantOffer[] {
  const factor = plan.dynamicPricing ? pickOf(DAY_FACTORS, plan.numericId, day, 40) : 1;
  return variants.map((variant, index) => {
    const usual = plan.prices[index] as number;
    const minor = factor === 1 ? usual : scaledMinor(usual, factor, plan.currency);
    const offer: CatalogVariantOffer = {
      variantId: variant.id,
      price: priceText(minor, plan.currency),
      currency: plan.currency,
      maxTickets: Math.min(plan.maxQuantity, intIn(10, 20, plan.numericId, day, index, 41)),
    };
    if (minor !== usual) offer.originalPrice = priceText(usual, plan.currency);
    return offer;
  });
}

function dayOf(plan: ProductPlan, variants: CatalogVariant[], date: string): CatalogAvailabilityDay | null {
  const day = dayNumberOf(date);
  // 1970-01-01 (day 0) was a Thursday.
  if (plan.experience.closedWeekday === (day + 4) % 7) return null;
  if (unit(plan.numericId, day, 42) < SOLD_OUT_DAYS) return null;
  if (plan.slots.length === 0) return { date, timeslots: [{ time: null, variants: offersOf(plan, variants, day) }] };
  const timeslots: CatalogTimeslot[] = plan.slots
    .filter((_, index) => unit(plan.numericId, day, index, 43) >= SOLD_OUT_SLOTS)
    .map((minutes) => ({ time: clock(minutes), variants: offersOf(plan, variants, day) }));
  return timeslots.length > 0 ? { date, timeslots } : null;
}

/** `now` decides the venue's today (in its own zone). */
export function availabilityOf(plan: ProductPlan, startDate: string, endDate: string, now: Date): CatalogAvailability {
  const first = dayNumberOf(startDate);
  const last = dayNumberOf(endDate);
  if (last < first) throw new TicketCatalogError('refused', 'The range ends before it starts');
  if (last - first + 1 > MAX_RANGE_DAYS) {
    throw new TicketCatalogError('refused', `A range spans ${MAX_RANGE_DAYS} days at most`);
  }
  const today = formatDate(now, plan.timezone);
  const from = startDate > today ? startDate : today;
  const horizon = addDays(today, DAYS_AHEAD);
  const to = endDate < horizon ? endDate : horizon;
  const variants = variantsOf(plan);
  const days: CatalogAvailabilityDay[] = [];
  for (let offset = 0; offset <= daysBetween(from, to); offset += 1) {
    const day = dayOf(plan, variants, addDays(from, offset));
    if (day) days.push(day);
  }
  return {
    productId: plan.id,
    variants,
    days,
    dynamicPricing: plan.dynamicPricing,
    maxTicketsPerOrder: plan.maxQuantity,
  };
}
