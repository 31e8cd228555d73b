// The demo catalog's shape, its category tree and the texts and settings its products share. The products
// themselves are in one module per top-level category: demo-dubai-tours.ts, demo-attractions.ts, demo-abu-dhabi.ts.
import type { createCatalogAdminService } from '../../src/areas/catalog/index.js';

export type CatalogAdmin = ReturnType<typeof createCatalogAdminService>;
type ProductInput = Parameters<CatalogAdmin['saveProduct']>[1];
export type Weekday = NonNullable<Parameters<CatalogAdmin['setInventory']>[1]['weekdays']>[number];

/** Days of inventory from the seed day; a season may run to the last of them. */
export const INVENTORY_DAYS = 90;

export interface DemoVariant {
  code: string;
  name: string;
  /** Names of attribute values; the variant's prices are the product's plus their adjustments. */
  values?: string[];
  timeSlots?: string;
  maxOccupancy?: number;
  maxChildren?: number;
  /** Places per day, or per time slot for a timed variant; none for a free-sale product (no inventory). */
  capacity?: number;
}

export interface DemoProduct
  extends Omit<
    ProductInput,
    'publicCategoryId' | 'availableFrom' | 'availableTo' | 'prodImgSmall' | 'prodImgMed' | 'prodImgLarge'
  > {
  category: string;
  /** On sale between these days from the seed day (a season), inclusive. */
  season?: { fromDay: number; toDay: number };
  /** Days the product runs; every day when absent. */
  weekdays?: Weekday[];
  attributes?: Array<{ name: string; values: Array<{ value: string; adjustment: number; description?: string }> }>;
  variants: [DemoVariant, ...DemoVariant[]];
}

export const CATEGORIES: Array<{ name: string; children: string[] }> = [
  { name: 'Dubai Tours', children: ['City Tours', 'Desert Safaris', 'Water & Cruises'] },
  { name: 'Attractions', children: ['Theme Parks', 'Observation Decks'] },
  { name: 'Abu Dhabi Excursions', children: ['Abu Dhabi City & Culture', 'Yas Island Parks'] },
];

export const CANCEL_24H = 'Free cancellation up to 24 hours before the start. Within 24 hours or no-show: no refund.';
export const CANCEL_48H =
  'Free cancellation up to 48 hours before the start; 50% within 48 hours; no refund within 24 hours.';
export const CANCEL_NONE = 'Dated tickets: non-refundable and not changeable once issued.';
export const CHILDREN = 'Children 3-11 years pay the child price; infants under 3 go free on an adult’s lap.';
export const INFANT_SEAT =
  'Children 3-11 years pay the child price; infants under 3 pay the infant price (a child seat on the coach).';
export const INFANT_MEAL =
  'Children 3-11 years pay the child price; infants under 3 pay the infant price (a baby meal).';
export const TERMS = 'Bring the voucher on your phone and photo ID. Times are Dubai time (GMT+4).';
export const TERMS_AUH = `${TERMS} Passport or Emirates ID is required for the trip to Abu Dhabi.`;
export const EVERY_DAY_BUT_FRIDAY: Weekday[] = ['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU'];
export const CLOSED_MONDAY: Weekday[] = ['TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
export const TICKET_TYPE = {
  name: 'Ticket type',
  values: [
    { value: 'Standard', adjustment: 0 },
    { value: 'Fast Track', adjustment: 75, description: 'Skip the regular queues at the rides' },
  ],
};
