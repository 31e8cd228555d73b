// The cruise area (spec part 2 "Cruise", contract §3 and §8.3): master data, itineraries with their template stops,
// sailings with their ports of call and search, and (part 2 of issue 32) pricing and cruise bookings.
// Tables: db/tenant/0060_cruise.sql (docs/tables.md). One sub-folder per part, each reached through its index.ts
// and each a module: a list of operations (and later jobs or an api). Adding a part is one more entry in MODULES.
import type { Area } from '../../platform/area.js';
import type { OperationDeclaration } from '../../platform/http/operation.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import { masterModule } from './master/index.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'cruise',
    description:
      'Cruise master data, itineraries and their template stops, sailings with their ports of call, search (employees)',
  },
];

/** What the area is built from (none yet: every part reads and writes its own tables). */
export type CruiseAreaDeps = Record<string, never>;

/** A part of the area: its operations. */
interface CruiseModule {
  operations: readonly OperationDeclaration[];
}

const MODULES: ReadonlyArray<(deps: CruiseAreaDeps) => CruiseModule> = [() => masterModule()];

export function createCruiseArea(deps: CruiseAreaDeps = {}): Area {
  const modules = MODULES.map((build) => build(deps));
  return { tags: TAGS, operations: modules.flatMap((module) => module.operations), api: undefined };
}
