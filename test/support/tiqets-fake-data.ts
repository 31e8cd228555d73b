// The Tiqets fake's catalog (research/external-systems.md §5), in Tiqets' wire shapes: countries, enough cities
// for several pages, experiences linked to products, a timed product (10:00 and 14:00, adult and child) and a
// whole-day one, tags and tag types; availability generated for any range, every seventh day sold out (omitted).

export type Wire = Record<string, unknown>;

export const countries: Wire[] = [
  { id: 1, name: 'United Arab Emirates', country_code: 'AE' },
  { id: 2, name: 'Netherlands', country_code: 'NL' },
];

/** 230 cities: three pages of 100. */
export const cities: Wire[] = Array.from({ length: 230 }, (_, index) => ({
  id: 100 + index,
  name: `City ${index + 1}`,
  country_id: index % 2 === 0 ? 1 : 2,
  geolocation: { lat: 25.2 + index / 1000, lng: 55.27 },
}));

export const TIMED_PRODUCT = 1001;
export const WHOLE_DAY_PRODUCT = 1002;

export const products: Wire[] = [
  {
    id: TIMED_PRODUCT,
    title: 'Burj Khalifa: At the Top',
    tagline: 'Levels 124 and 125',
    summary: 'The view from the top',
    price: 45.5,
    currency: 'EUR',
    sale_status: 'available',
    images: [{ small: 's.jpg', medium: 'm.jpg', large: 'l.jpg' }],
    ratings: { total: 120, average: 4.6 },
    tag_ids: [7, 8],
    venue: { id: 501, name: 'Burj Khalifa' },
    geolocation: { lat: 25.1972, lng: 55.2744 },
    city_id: 100,
    city_name: 'City 1',
    country_id: 1,
    country_name: 'United Arab Emirates',
    product_url: 'https://www.tiqets.com/en/burj-p1001',
    has_timeslots: true,
    max_tickets_per_order: 10,
    whats_included: ['Entry to levels 124 and 125', 'Telescopes'],
    whats_excluded: '- Food and drinks\n- Hotel pickup',
    cancellation_policy: 'Free cancellation up to 24 hours before',
  },
  {
    id: WHOLE_DAY_PRODUCT,
    title: 'Dubai Frame',
    price: '20.10',
    currency: 'EUR',
    sale_status: 'available',
    tag_ids: [8],
    city_id: 100,
    country_id: 1,
  },
  ...Array.from({ length: 148 }, (_, index) => ({
    id: 2000 + index,
    title: `Product ${index + 1}`,
    price: 10 + index,
    currency: 'EUR',
    city_id: 101,
    country_id: 2,
  })),
];

export const experiences: Wire[] = Array.from({ length: 105 }, (_, index) => ({
  id: 3000 + index,
  title: index === 0 ? 'Burj Khalifa' : `Experience ${index + 1}`,
  type: index % 2 === 0 ? 'venue' : 'activity',
  tagline: 'See it',
  description: 'A place to see',
  images: [{ medium: `e${index}.jpg` }],
  ratings: { average: 4.5, total: 10 },
  from_price: 45.5,
  city_id: index === 0 ? 100 : 101,
  country_id: index === 0 ? 1 : 2,
  product_ids: index === 0 ? [TIMED_PRODUCT] : [],
  tag_ids: [7],
}));

export const tagTypes: Wire[] = [
  { id: 1, name: 'category', group_name: 'Category' },
  { id: 2, name: 'recommended audience', group_name: 'Audience' },
];

export const tags: Wire[] = [
  { id: '7', name: 'Observation decks', type_id: 1 },
  { id: '8', name: 'Families', type_id: 2 },
];

export const variantsOf = (productId: number): Wire[] =>
  productId === TIMED_PRODUCT
    ? [
        {
          id: 11,
          label: 'Adult',
          description: '12+',
          variant_type: 'ADULT',
          cancellation: { policy: 'never' },
          price: 45.5,
          currency: 'EUR',
        },
        { id: 12, label: 'Child', description: '4-11', variant_type: 'CHILD', cancellation: { policy: 'never' } },
      ]
    : [{ id: 21, label: 'Admission', variant_type: 'ADULT' }];

/** Every seventh day (counted from 1970-01-01) has nothing for sale. */
export const soldOut = (date: string) => (Date.parse(`${date}T00:00:00Z`) / 86_400_000) % 7 === 0;

const offer = (id: number, price: number) => ({
  id,
  currency: 'EUR',
  max_tickets: 10,
  sale_ticket_value_incl_vat: price - 2,
  booking_fee_incl_vat: 2,
  total_retail_price_incl_vat: price,
  distributor_commission_excl_vat: 3.1,
});

export function dayOf(productId: number, date: string): Wire {
  const timeslots =
    productId === TIMED_PRODUCT
      ? [
          { time: '10:00', availability: 10, variants: [offer(11, 45.5), offer(12, 30)] },
          { time: '14:00', availability: 0, variants: [] },
          { time: '16:00', availability: 4, variants: [offer(11, 50.25)] },
        ]
      : [{ time: 'whole_day', availability: 50, variants: [offer(21, 20.1)] }];
  return { date, availability: 1, timeslots };
}
