// The simulated experiences of a city and their products, as plans: ids, numbers and references to the templates,
// drawn from the ids (the same ids give the same catalog). The answers' objects and texts are made from a plan
// when asked for (entities.ts): built up front, their strings would cost the whole build-time budget.
// Ids: experience 10,000,000 + city × 100 + n; product 100,000,000 + (city × 100 + n) × 10 + p; variant
// 1,000,000,000 + (city × 100 + n) × 100 + p × 10 + v: one range per kind, unique across the catalog, below 2^31.
import { PRODUCT_KINDS, type ProductKind } from './kinds.js';
import { localMinor, scaledMinor } from './prices.js';
import { hash, intIn, pickOf, sampleOf, unit } from './random.js';
import { EXPERIENCE_TEMPLATES, type ExperienceTemplate, HIGHLIGHTS, tagIdOf } from './templates.js';
import type { WorldCity } from './world.js';

export interface VariantKind {
  type: string;
  label: string;
  description: string;
  factor: number;
  occupancy: number;
}

export const VARIANT_KINDS: readonly VariantKind[] = [
  { type: 'ADULT', label: 'Adult', description: 'Ages 18 to 64', factor: 1, occupancy: 1 },
  { type: 'CHILD', label: 'Child (4-17)', description: 'Ages 4 to 17, with an adult', factor: 0.5, occupancy: 1 },
  { type: 'SENIOR', label: 'Senior (65+)', description: 'Ages 65 and over, ID required', factor: 0.8, occupancy: 1 },
  { type: 'FAMILY', label: 'Family (2 adults, 2 children)', description: 'Up to 4 people', factor: 3, occupancy: 4 },
];

export const CANCEL_POLICIES = [
  'Free cancellation up to 24 hours before the visit',
  'Free cancellation up to 48 hours before the visit',
  'Non-refundable: tickets cannot be cancelled or changed',
];

export interface ExperiencePlan {
  id: string;
  /** City × 100 + n: the seed of its draws. */
  local: number;
  template: ExperienceTemplate;
  city: WorldCity;
  countryName: string;
  tagIds: string[];
  /** 0 Sunday … 6 Saturday; null: open every day. */
  closedWeekday: number | null;
  products: ProductPlan[];
}

export interface ProductPlan {
  id: string;
  /** The experience's local × 10 + p: the seed of its draws. */
  local: number;
  numericId: number;
  experience: ExperiencePlan;
  kind: ProductKind;
  variantKinds: VariantKind[];
  /** Each variant's usual price, minor units of `currency`. */
  prices: number[];
  currency: string;
  timezone: string;
  dynamicPricing: boolean;
  /** Minutes after midnight; empty for a whole-day product. */
  slots: number[];
  maxQuantity: number;
  hasVendorBooking: boolean;
  cancelPolicy: string;
}

/** How many experiences a city has: more in a country's biggest city. */
export const experienceCount = (city: WorldCity) =>
  (Number(city.id) % 100 === 1 ? 20 : 8) + intIn(0, 8, Number(city.id), 1);

const STEPS = [30, 60, 90, 120];
const ORDER_CAPS = [10, 15, 20];
const CLOSING_DAYS = [1, 2];
const NO_SLOTS: number[] = [];

function slotsOf(kind: ProductKind, template: ExperienceTemplate, local: number): number[] {
  if (!kind.timeslot) return NO_SLOTS;
  const late = kind.key === 'evening' || template.times[0] === 'Evening' || template.times[0] === 'Night';
  const first = (late ? intIn(36, 39, local, 2) : intIn(16, 22, local, 2)) * 30;
  const step = pickOf(STEPS, local, 3);
  const count = Math.min(intIn(3, 12, local, 4), Math.floor((23 * 60 + 30 - first) / step) + 1);
  const slots: number[] = [];
  for (let index = 0; index < count; index += 1) slots.push(first + index * step);
  return slots;
}

/** The first item and those of the others whose bit is set in a seeded mask. */
function firstAndSome<T>(items: readonly T[], mask: number): T[] {
  const chosen = [items[0] as T];
  for (let index = 1; index < items.length; index += 1) {
    if (mask & (1 << (index - 1))) chosen.push(items[index] as T);
  }
  return chosen;
}

function productPlan(experience: ExperiencePlan, kind: ProductKind, local: number, eur: number): ProductPlan {
  const { city } = experience;
  const variantKinds = firstAndSome(VARIANT_KINDS, hash(local, 5));
  const base = localMinor(eur * kind.factor, city.currency);
  return {
    id: String(100_000_000 + local),
    local,
    numericId: 100_000_000 + local,
    experience,
    kind,
    variantKinds,
    prices: variantKinds.map((variant) => scaledMinor(base, variant.factor, city.currency)),
    currency: city.currency,
    timezone: city.timezone as string,
    dynamicPricing: unit(local, 11) < 0.25,
    slots: slotsOf(kind, experience.template, local),
    maxQuantity: pickOf(ORDER_CAPS, local, 9),
    hasVendorBooking: unit(local, 10) < 0.8,
    cancelPolicy: pickOf(CANCEL_POLICIES, local, 7),
  };
}

const templateTags = new Map(
  EXPERIENCE_TEMPLATES.map((template) => [
    template,
    [
      tagIdOf(1, template.category),
      ...template.audience.map((name) => tagIdOf(2, name)),
      ...template.times.map((name) => tagIdOf(3, name)),
    ],
  ]),
);
const highlightTags = HIGHLIGHTS.map((name) => tagIdOf(4, name));

/** The template's tags, and for some experiences a highlight. */
function tagsOf(template: ExperienceTemplate, local: number): string[] {
  const tags = templateTags.get(template) ?? [];
  return unit(local, 12) < 0.4 ? [...tags, pickOf(highlightTags, local, 13)] : tags;
}

function experiencePlan(city: WorldCity, countryName: string, template: ExperienceTemplate, local: number) {
  const experience: ExperiencePlan = {
    id: String(10_000_000 + local),
    local,
    template,
    city,
    countryName,
    tagIds: tagsOf(template, local),
    closedWeekday: template.closes && unit(local, 21) < 0.4 ? pickOf(CLOSING_DAYS, local, 22) : null,
    products: [],
  };
  const priceLevel = 0.8 + unit(Number(city.id), 14) * 0.5;
  const eur = template.baseEur * priceLevel * (0.85 + unit(local, 23) * 0.35);
  const kinds = firstAndSome(template.kinds, hash(local, 25));
  experience.products = kinds.map((kind, p) => productPlan(experience, PRODUCT_KINDS[kind], local * 10 + p + 1, eur));
  return experience;
}

/** A city's experiences (and through them, their products). */
export function cityPlans(city: WorldCity, countryName: string): ExperiencePlan[] {
  const cityNumber = Number(city.id);
  const templates = sampleOf(EXPERIENCE_TEMPLATES, experienceCount(city), cityNumber, 24);
  return templates.map((template, index) => experiencePlan(city, countryName, template, cityNumber * 100 + index + 1));
}
