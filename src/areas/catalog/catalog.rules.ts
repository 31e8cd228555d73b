// Pure rules of the catalog: what a party pays, and whether a product can be sold to it on a date.
// Amounts are integer minor units; dates are the tenant's calendar dates (yyyy-MM-dd compare as text).

export interface Party {
  adults: number;
  children: number;
  infants: number;
}

export interface PriceBasis {
  /** The variant's adult price (cprice), or the product's base price. */
  adult: number;
  /** The variant's or product's child price; null: children pay the adult price. */
  child: number | null;
  infant: number;
  /** Per-person adjustments of the chosen attribute values (adults and children). */
  adjustments: number[];
}

export interface UnitPrices {
  adult: number;
  child: number;
  infant: number;
}

export function unitPrices(basis: PriceBasis): UnitPrices {
  const adjustment = basis.adjustments.reduce((sum, value) => sum + value, 0);
  const adult = Math.max(0, basis.adult + adjustment);
  const child = Math.max(0, (basis.child ?? basis.adult) + adjustment);
  return { adult, child, infant: basis.infant };
}

export function partyTotal(prices: UnitPrices, party: Party): number {
  return prices.adult * party.adults + prices.child * party.children + prices.infant * party.infants;
}

/** What a transfer adds: a shared (SIC) transfer is paid per seated person, a private (PVT) one per booking. */
export function transferTotal(transfer: { type: 'SIC' | 'PVT'; price: number }, party: Party): number {
  return transfer.type === 'SIC' ? transfer.price * seats(party) : transfer.price;
}

/** Infants sit on a lap: they take no seat and do not count toward quantities. */
export function seats(party: Party): number {
  return party.adults + party.children;
}

export interface SaleLimits {
  minQuantity: number;
  maxQuantity: number;
  maxAdults: number | null;
  maxChildren: number | null;
  maxOccupancy: number | null;
  /** Sales period as the tenant's calendar dates (inclusive). */
  availableFrom: string | null;
  availableTo: string | null;
}

export interface SaleFacts {
  date: string;
  today: string;
  party: Party;
  limits: SaleLimits;
  /** Free seats of the slot; null when no inventory exists for that date and time; UNLIMITED for free sale. */
  free: number | null;
}

/** The free seats of a free-sale product: no capacity limit applies (quantity rules still do). */
export const UNLIMITED = Number.POSITIVE_INFINITY;

export interface Verdict {
  available: boolean;
  statusReason: string | null;
}

const refused = (statusReason: string): Verdict => ({ available: false, statusReason });

/** Whether the party can be sold the product on the date, and if not, why (first reason found). */
export function saleVerdict(facts: SaleFacts): Verdict {
  const { party, limits } = facts;
  const count = seats(party);
  if (facts.date < facts.today) return refused(`The date ${facts.date} is in the past`);
  if (limits.availableFrom && facts.date < limits.availableFrom) {
    return refused(`Not on sale before ${limits.availableFrom}`);
  }
  if (limits.availableTo && facts.date > limits.availableTo) return refused(`Not on sale after ${limits.availableTo}`);
  if (count < limits.minQuantity) return refused(`At least ${limits.minQuantity} participants are needed`);
  if (count > limits.maxQuantity) return refused(`At most ${limits.maxQuantity} participants per booking`);
  if (limits.maxAdults !== null && party.adults > limits.maxAdults)
    return refused(`At most ${limits.maxAdults} adults`);
  if (limits.maxChildren !== null && party.children > limits.maxChildren) {
    return refused(limits.maxChildren === 0 ? 'Children are not admitted' : `At most ${limits.maxChildren} children`);
  }
  if (limits.maxOccupancy !== null && count > limits.maxOccupancy) {
    return refused(`At most ${limits.maxOccupancy} people per unit`);
  }
  if (facts.free === null) return refused(`Not available on ${facts.date}`);
  if (facts.free <= 0) return refused('Sold out');
  if (facts.free < count) return refused(`Only ${facts.free} places left`);
  return { available: true, statusReason: null };
}
