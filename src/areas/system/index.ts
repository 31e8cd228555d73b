// The system area: health and readiness of this node.
import type { Area } from '../../platform/area.js';
import { systemOperations } from './system.operations.js';
import { createSystemService } from './system.service.js';

export type { SystemState } from './system.service.js';

export function createSystemArea(deps: Parameters<typeof createSystemService>[0]): Area {
  return { operations: systemOperations(createSystemService(deps)), api: undefined };
}
