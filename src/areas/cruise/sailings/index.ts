// Sailings (cruises) of itineraries, their ports of call, and the search of Active sailings.
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import { sailingsOperations } from './sailings.operations.js';
import { createSailingService } from './sailings.service.js';

export { CRUISE_STATUSES, type CruiseStatus } from './sailings.rules.js';
export type { Cruise, CruisePoint, FoundCruise } from './sailings.schemas.js';

export function sailingsModule(): { operations: OperationDeclaration[] } {
  return { operations: sailingsOperations(createSailingService()) };
}
