// A live availability answer in the specification's shapes: Availability (every date of the range, the sold-out
// ones `available: false`) and the flattened Timeslot list. Pure.
import type { CatalogAvailability, CatalogVariantOffer } from '../../../integrations/ticket-supplier/index.js';
import { decimalAmount, toMinor } from '../../../platform/money.js';
import { addDays } from '../../../platform/time.js';
import type { Availability, Timeslot } from '../ticket-supplier.schemas.js';

type Day = Availability['availableDates'][number];
type VariantPrice = Day['variantPrices'][number];

const amountOf = (offer: CatalogVariantOffer) => decimalAmount(offer.price, offer.currency);
const vacanciesOf = (offers: readonly CatalogVariantOffer[]) => Math.max(0, ...offers.map((offer) => offer.maxTickets));

/** Per variant, the day's lowest price (a day's timeslots may be priced apart) and its largest quantity. */
function variantPricesOf(offers: readonly CatalogVariantOffer[]): VariantPrice[] {
  const lowest = new Map<string, { offer: CatalogVariantOffer; quantity: number }>();
  for (const offer of offers) {
    const seen = lowest.get(offer.variantId);
    if (!seen) {
      lowest.set(offer.variantId, { offer, quantity: offer.maxTickets });
      continue;
    }
    seen.quantity = Math.max(seen.quantity, offer.maxTickets);
    if (toMinor(offer.price, offer.currency) < toMinor(seen.offer.price, seen.offer.currency)) seen.offer = offer;
  }
  return [...lowest.values()].map(({ offer, quantity }) => ({
    variantId: offer.variantId,
    price: amountOf(offer),
    currency: offer.currency,
    originalPrice: decimalAmount(offer.originalPrice ?? offer.price, offer.currency),
    availableQuantity: quantity,
  }));
}

/** Every date from `dateFrom` to `dateTo`; a date the supplier did not list is sold out. */
export function toAvailability(answer: CatalogAvailability, dateFrom: string, dateTo: string): Availability {
  const days = new Map(answer.days.map((day) => [day.date, day.timeslots]));
  const availableDates: Day[] = [];
  for (let date = dateFrom; date <= dateTo; date = addDays(date, 1)) {
    const slots = days.get(date) ?? [];
    const timeslots = slots.map((slot) => ({
      timeslotId: slot.time === null ? date : `${date} ${slot.time}`,
      time: slot.time,
      available: slot.variants.some((offer) => offer.maxTickets > 0),
      vacancies: vacanciesOf(slot.variants),
    }));
    availableDates.push({
      date,
      available: timeslots.some((slot) => slot.available),
      timeslots,
      variantPrices: variantPricesOf(slots.flatMap((slot) => slot.variants)),
    });
  }
  return { productId: answer.productId, availableDates };
}

/**
 * Every timeslot of the answer, flattened. `variantTypes` names each variant's type (ADULT, CHILD…) from the
 * answer and the tenant's copy: adultPrice is an adult variant's (the first variant's when none is typed adult),
 * childPrice a child variant's or null.
 */
export function toTimeslots(answer: CatalogAvailability, variantTypes: ReadonlyMap<string, string | null>): Timeslot[] {
  const typeOf = (offer: CatalogVariantOffer) => variantTypes.get(offer.variantId)?.toUpperCase() ?? null;
  return answer.days.flatMap((day) =>
    day.timeslots.map((slot) => {
      const adult = slot.variants.find((offer) => typeOf(offer) === 'ADULT') ?? slot.variants[0];
      const child = slot.variants.find((offer) => typeOf(offer) === 'CHILD');
      const vacancies = vacanciesOf(slot.variants);
      return {
        timeSlotId: slot.time === null ? day.date : `${day.date} ${slot.time}`,
        startTimestamp: `${day.date}T${slot.time ?? '00:00'}:00`,
        status: vacancies > 0 ? 'available' : 'soldout',
        available: vacancies,
        adultPrice: adult ? amountOf(adult) : null,
        childPrice: child ? amountOf(child) : null,
        dynamicPrice: answer.dynamicPricing,
      };
    }),
  );
}
