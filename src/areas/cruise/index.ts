// The cruise area (spec part 2 "Cruise", contract §3 and §8.3): master data, itineraries with their template stops,
// sailings with their ports of call and search, pricing (templates, a sailing's charges, exchange rates) and cruise
// bookings (their totals, the back-office booking they become, the sailing's manifest).
// Tables: db/tenant/0052_cruise.sql, 0053_cruise_more.sql, 0054_cruise_search_version.sql (docs/tables.md). One
// sub-folder per part, each reached through its index.ts and each a module: a list of operations (and the record
// kinds it owns). Adding a part is one more entry in MODULES.
import type { Area } from '../../platform/area.js';
import type { OperationDeclaration } from '../../platform/http/operation.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import type { RecordReaders } from '../../platform/http/records.js';
import type { BlmApi } from '../blm/index.js';
import type { CustomersApi } from '../customers/index.js';
import { cruiseBookingsModule } from './bookings/index.js';
import { itinerariesModule } from './itineraries/index.js';
import { masterModule } from './master/index.js';
import { type CruisePricingApi, createCruisePricing, cruisePricingApi } from './pricing/index.js';
import { sailingsModule } from './sailings/index.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'cruise',
    description:
      'Cruise master data, itineraries and their template stops, sailings with their ports of call, search, ' +
      'pricing and exchange rates (employees); cruise bookings (agents, admins)',
  },
];

/** What the area is built from: bookings become back-office bookings (BLM) of the tenant's customers. */
export interface CruiseAreaDeps {
  blm: BlmApi;
  customers: Pick<CustomersApi, 'findById'>;
}

/** A part of the area: its operations, and the readers of record kinds it owns. */
interface CruiseModule {
  operations: readonly OperationDeclaration[];
  records?: RecordReaders;
}

type Pricing = ReturnType<typeof createCruisePricing>;

/** What other areas may use: the tenant's exchange rate in force on a date (trip planning converts with it). */
export type CruiseApi = Pick<CruisePricingApi, 'rateInForce'>;

/**
 * The api needs no dependencies (like the customers area's `customersApi`): tests that build a part of another area
 * by hand pass it without building the cruise area (whose bookings need the back office). service.ts wires the
 * area's `api`, the same functions.
 */
export const cruiseApi: CruiseApi = { rateInForce: cruisePricingApi.rateInForce };

// Pricing is built once: bookings read the rates in force through its api.
const MODULES: ReadonlyArray<(deps: CruiseAreaDeps, pricing: Pricing) => CruiseModule> = [
  () => masterModule(),
  () => itinerariesModule(),
  () => sailingsModule(),
  (_deps, pricing) => pricing,
  (deps, pricing) => cruiseBookingsModule({ ...deps, pricing: pricing.api }),
];

export function createCruiseArea(deps: CruiseAreaDeps): Area<CruiseApi> {
  const pricing = createCruisePricing();
  const modules = MODULES.map((build) => build(deps, pricing));
  return {
    tags: TAGS,
    operations: modules.flatMap((module) => module.operations),
    records: Object.assign({}, ...modules.map((module) => module.records ?? {})),
    api: { rateInForce: pricing.api.rateInForce },
  };
}
