// The trip-planning area (spec part 2 "Trip planning", contract §8.5): projects of a customer's trip, itineraries as
// its option scenarios with priced components (flights, hotels, activities, other services, exclusions) and their
// totals in the project's currency, the conversion of one itinerary into a back-office booking, accommodation search
// through the online-hotel port, and the client proposal. Tables: db/tenant/0055_trip_planning.sql (docs/tables.md).
// One sub-folder per part, each reached through its index.ts and each a module: a list of operations. Adding a part
// is one more entry in MODULES.
import type { Area } from '../../platform/area.js';
import type { OperationDeclaration } from '../../platform/http/operation.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import { accommodationModule } from './accommodation/index.js';
import { componentsModule } from './components/index.js';
import { itinerariesModule } from './itineraries/index.js';
import { projectsModule } from './projects/index.js';
import { proposalModule } from './proposal/index.js';
import { type TripPlanningDeps, tripPlanningRecords } from './trip.shared.js';

export type { TripPlanningDeps } from './trip.shared.js';

const TAGS: readonly ApiTag[] = [
  {
    name: 'trip planning',
    description:
      "Trip projects of a customer, itineraries as option scenarios with priced components and totals in the project's " +
      'currency, accommodation search, the client proposal, and the conversion to a back-office booking (employees)',
  },
];

/** A part of the area: its operations. */
interface TripPlanningModule {
  operations: readonly OperationDeclaration[];
}

const MODULES: ReadonlyArray<(deps: TripPlanningDeps) => TripPlanningModule> = [
  (deps) => projectsModule(deps),
  (deps) => itinerariesModule(deps),
  (deps) => componentsModule(deps),
  (deps) => accommodationModule(deps),
  (deps) => proposalModule(deps),
];

export function createTripPlanningArea(deps: TripPlanningDeps): Area<undefined> {
  const modules = MODULES.map((build) => build(deps));
  const operations = modules.flatMap((module) => module.operations);
  return { tags: TAGS, operations, records: tripPlanningRecords, api: undefined };
}
