// The answers' objects made from the plans when asked for: fresh on each call (a caller may change them), the same
// for the same plan. Pictures and pages are on hosts under .invalid, which can never resolve.
import type { CatalogExperience, CatalogImages, CatalogProduct, CatalogVariant } from '../catalog.js';
import type { ExperiencePlan, ProductPlan } from './plans.js';
import { priceText } from './prices.js';
import { intIn, unit } from './random.js';
import { TAGLINES } from './templates.js';

const IMAGE_HOST = 'https://images.simulator.invalid';
const SITE = 'https://tickets.simulator.invalid';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const imagesOf = (kind: string, id: string): CatalogImages => ({
  small: `${IMAGE_HOST}/${kind}/${id}/small.jpg`,
  medium: `${IMAGE_HOST}/${kind}/${id}/medium.jpg`,
  large: `${IMAGE_HOST}/${kind}/${id}/large.jpg`,
  xlarge: `${IMAGE_HOST}/${kind}/${id}/xlarge.jpg`,
});

const fill = (text: string, city: string) => text.replaceAll('{City}', city);

/** A point within about 4 km of the city's centre. */
const nearby = (value: number | null, local: number, salt: number) =>
  value === null ? null : Number((value + (unit(local, salt) - 0.5) * 0.08).toFixed(6));

/** HH:mm of minutes after midnight. */
export const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const titleOf = (plan: ExperiencePlan) => fill(plan.template.title, plan.city.name);
const taglineOf = (plan: ExperiencePlan) =>
  fill(TAGLINES[plan.template.category] ?? '{City} at its best', plan.city.name);

function descriptionOf(plan: ExperiencePlan): string {
  const { city } = plan;
  const where = `${city.name}, ${plan.countryName}`;
  const visit = 'book ahead, skip the ticket desk and show your phone at the door';
  return `${taglineOf(plan)}. ${titleOf(plan)} ranks among the most visited places in ${where}: ${visit}.`;
}

export function experienceOf(plan: ExperiencePlan): CatalogExperience {
  const { id, local, city } = plan;
  const title = titleOf(plan);
  return {
    id,
    title,
    type: plan.template.type,
    tagline: taglineOf(plan),
    description: descriptionOf(plan),
    cityId: city.id,
    countryId: city.countryId,
    productIds: plan.products.map((product) => product.id),
    tagIds: [...plan.tagIds],
    imageUrl: `${IMAGE_HOST}/experiences/${id}/large.jpg`,
    images: imagesOf('experiences', id),
    imageAltText: title,
    fromPrice: priceText(Math.min(...plan.products.map((product) => product.prices[0] as number)), city.currency),
    currency: city.currency,
    ratingAverage: intIn(38, 49, local, 15) / 10,
    ratingCount: Math.round(10 ** (1.3 + unit(local, 16) * 3.1)),
    streetAddress: `${intIn(1, 250, local, 17)} ${plan.template.street}`,
    postalCode: String(intIn(10_000, 99_999, local, 18)),
    latitude: nearby(city.latitude, local, 19),
    longitude: nearby(city.longitude, local, 20),
    googlePlaceId: null,
    experienceUrl: `${SITE}/experiences/${id}`,
    active: true,
  };
}

function infoOf(plan: ProductPlan): string {
  const hours =
    plan.slots.length > 0
      ? `Departures from ${clock(plan.slots[0] as number)}`
      : `Open daily from ${clock(intIn(16, 20, plan.local, 8) * 30)}`;
  const closed = plan.experience.closedWeekday;
  const days = closed === null ? 'Open every day' : `Closed on ${WEEKDAYS[closed]}s`;
  return `${hours}. ${days}. Show your mobile ticket at the entrance.`;
}

export function productOf(plan: ProductPlan): CatalogProduct {
  const { id, experience, kind } = plan;
  const { city } = experience;
  const title = titleOf(experience);
  const label = fill(kind.label, city.name);
  return {
    id,
    title: `${title}: ${label}`,
    tagline: taglineOf(experience),
    summary: `${label} for ${title}.`,
    price: priceText(plan.prices[0] as number, plan.currency),
    currency: plan.currency,
    saleStatus: 'available',
    cityId: city.id,
    countryId: city.countryId,
    venueId: experience.id,
    venueName: title,
    latitude: nearby(city.latitude, experience.local, 19),
    longitude: nearby(city.longitude, experience.local, 20),
    tagIds: [...experience.tagIds],
    imageUrl: `${IMAGE_HOST}/products/${id}/large.jpg`,
    images: imagesOf('products', id),
    productUrl: `${SITE}/products/${id}`,
    description: `${descriptionOf(experience)} This ticket: ${kind.inclusions.join(', ').toLowerCase()}.`,
    hasTimeSlot: kind.timeslot,
    maxQuantity: plan.maxQuantity,
    hasVendorBooking: plan.hasVendorBooking,
    inclusions: [...kind.inclusions],
    exclusions: [...kind.exclusions],
    info: infoOf(plan),
    cancelPolicy: plan.cancelPolicy,
  };
}

export const variantsOf = (plan: ProductPlan): CatalogVariant[] =>
  plan.variantKinds.map((kind, index) => ({
    id: String(1_000_000_000 + plan.local * 10 + index + 1),
    label: kind.label,
    description: kind.description,
    type: kind.type,
    cancellationPolicy: plan.cancelPolicy,
    price: priceText(plan.prices[index] as number, plan.currency),
    currency: plan.currency,
    maxOccupancy: kind.occupancy,
  }));
