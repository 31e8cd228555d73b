// The ticket supplier's simulated catalog, the default: a generated world of 60 countries, their biggest cities and
// thousands of experiences with products, variants, tags and availability, the same on every machine and run (see
// world.ts, templates.ts, plans.ts, entities.ts, availability.ts). Lists answer at once; availability and
// timeslots, a live call at Tiqets, wait the simulator's latency (TC_TICKET_SUPPLIER_LATENCY_MS), cut short by the
// caller's signal. Answers are made afresh per call (entities.ts): a caller may change what it gets without changing
// the catalog.
import { simulatedLatency } from '../../simulated-latency.js';
import { type CatalogCity, type TicketCatalog, TicketCatalogError } from '../catalog.js';
import { availabilityOf } from './availability.js';
import { catalogData } from './data.js';
import { experienceOf, productOf, variantsOf } from './entities.js';
import type { ProductPlan } from './plans.js';
import { TAG_TYPES, TAGS } from './templates.js';
import type { WorldCity } from './world.js';

export interface SimulatedCatalogOptions {
  /** Decides "today" for availability. */
  clock: () => Date;
  /** Milliseconds each availability or timeslots call waits (default 0). */
  latencyMs?: number;
}

const cityOf = (city: WorldCity): CatalogCity => ({
  id: city.id,
  name: city.name,
  countryId: city.countryId,
  latitude: city.latitude,
  longitude: city.longitude,
  timezone: city.timezone,
  currency: city.currency,
});

function planOf(productId: string): ProductPlan {
  const plan = catalogData().productById.get(productId);
  if (!plan) throw new TicketCatalogError('not-found', `No product ${productId}`);
  return plan;
}

const matches = (city: WorldCity, filter: { cityId?: string; countryId?: string }) =>
  (filter.cityId === undefined || city.id === filter.cityId) &&
  (filter.countryId === undefined || city.countryId === filter.countryId);

export function createSimulatedTicketCatalog(options: SimulatedCatalogOptions): TicketCatalog {
  const wait = (signal?: AbortSignal) =>
    simulatedLatency(
      options.latencyMs ?? 0,
      signal,
      () => new TicketCatalogError('timeout', 'The simulated ticket catalog call was abandoned'),
    );
  const availability = async (productId: string, startDate: string, endDate: string, signal?: AbortSignal) => {
    const plan = planOf(productId);
    await wait(signal);
    return availabilityOf(plan, startDate, endDate, options.clock());
  };
  return {
    kind: 'simulator',
    countries: async () => catalogData().countries.map((country) => ({ ...country })),
    cities: async (filter) =>
      catalogData()
        .cities.filter((city) => filter.countryId === undefined || city.countryId === filter.countryId)
        .map(cityOf),
    experiences: async (filter) =>
      catalogData()
        .experiences.filter(
          (plan) => matches(plan.city, filter) && (filter.type === undefined || plan.template.type === filter.type),
        )
        .map(experienceOf),
    experience: async (id) => {
      const found = catalogData().experienceById.get(id);
      if (!found) throw new TicketCatalogError('not-found', `No experience ${id}`);
      return experienceOf(found);
    },
    products: async (filter) =>
      catalogData()
        .products.filter(
          (plan) =>
            matches(plan.experience.city, filter) &&
            (filter.tagId === undefined || plan.experience.tagIds.includes(filter.tagId)),
        )
        .map(productOf),
    product: async (id) => productOf(planOf(id)),
    variants: async (productId) => variantsOf(planOf(productId)),
    availability,
    timeslots: async (productId, date, signal) =>
      (await availability(productId, date, date, signal)).days.find((day) => day.date === date)?.timeslots ?? [],
    tags: async (filter) => {
      const type = TAG_TYPES.find((item) => item.name === filter.typeName);
      const tags = filter.typeName === undefined ? TAGS : TAGS.filter((tag) => type && tag.typeId === type.id);
      return tags.map((tag) => ({ ...tag }));
    },
    tagTypes: async () => TAG_TYPES.map((type) => ({ ...type })),
  };
}
