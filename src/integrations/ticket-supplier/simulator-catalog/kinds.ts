// The kinds of product an experience sells (entry, skip-the-line, guided tour…): a label, whole-day or timeslot,
// a price factor and what is included. "{City}" is replaced by the city's name.
export type ProductKindKey = 'entry' | 'skip' | 'audio' | 'guided' | 'private' | 'combo' | 'evening' | 'premium';

export interface ProductKind {
  key: ProductKindKey;
  label: string;
  /** Sold by timeslot; false: a whole-day ticket. */
  timeslot: boolean;
  /** Times the experience's base price. */
  factor: number;
  inclusions: string[];
  exclusions: string[];
}

export const PRODUCT_KINDS: Readonly<Record<ProductKindKey, ProductKind>> = {
  entry: {
    key: 'entry',
    label: 'Entry Ticket',
    timeslot: false,
    factor: 1,
    inclusions: ['Entry ticket'],
    exclusions: ['Guided tour', 'Food and drinks'],
  },
  skip: {
    key: 'skip',
    label: 'Skip-the-Line Entry',
    timeslot: true,
    factor: 1.3,
    inclusions: ['Skip-the-line entry', 'Timed entry'],
    exclusions: ['Guided tour'],
  },
  audio: {
    key: 'audio',
    label: 'Entry with Audio Guide',
    timeslot: false,
    factor: 1.25,
    inclusions: ['Entry ticket', 'Audio guide in 8 languages'],
    exclusions: ['Headphones'],
  },
  guided: {
    key: 'guided',
    label: 'Guided Tour',
    timeslot: true,
    factor: 1.8,
    inclusions: ['Live guide in English', 'Entry ticket'],
    exclusions: ['Hotel pickup', 'Gratuities'],
  },
  private: {
    key: 'private',
    label: 'Private Tour',
    timeslot: true,
    factor: 4,
    inclusions: ['Private guide', 'Entry ticket', 'Hotel pickup'],
    exclusions: ['Gratuities'],
  },
  combo: {
    key: 'combo',
    label: 'Combo Ticket with {City} City Bus',
    timeslot: false,
    factor: 2.2,
    inclusions: ['Entry ticket', '24-hour hop-on hop-off bus pass'],
    exclusions: ['Food and drinks'],
  },
  evening: {
    key: 'evening',
    label: 'Evening Session',
    timeslot: true,
    factor: 1.4,
    inclusions: ['Evening entry', 'Welcome drink'],
    exclusions: ['Dinner'],
  },
  premium: {
    key: 'premium',
    label: 'Premium Experience',
    timeslot: true,
    factor: 2.5,
    inclusions: ['Priority access', 'Host', 'Refreshments'],
    exclusions: ['Hotel pickup'],
  },
};
