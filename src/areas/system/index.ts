// The system area: health and readiness of this node.
import type { Area } from '../../platform/area.js';
import { systemOperations } from './system.operations.js';
import { createSystemService } from './system.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  { name: 'system', description: 'Health and readiness of the node, on any host and without a token' },
];

export type { SystemState } from './system.service.js';

export function createSystemArea(deps: Parameters<typeof createSystemService>[0]): Area {
  return { tags: TAGS, operations: systemOperations(createSystemService(deps)), api: undefined };
}
