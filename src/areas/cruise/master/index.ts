// Cruise master data: companies, areas, ships, cabin types, charge types, ports and ship cabins.
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import { masterOperations } from './master.operations.js';
import { createMasterService } from './master.service.js';

export type { CabinType, ChargeType, Company, CruiseArea, Port, Ship, ShipCabin } from './master.schemas.js';

export function masterModule(): { operations: OperationDeclaration[] } {
  return { operations: masterOperations(createMasterService()) };
}
