// The platform-admin area: provisioning and administration of tenants, for holders of a platform token.
import type { Area } from '../../platform/area.js';
import { platformAdminOperations } from './platform-admin.operations.js';
import { createPlatformAdminService, type PlatformAdminDeps } from './platform-admin.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  { name: 'platform', description: 'Tenant provisioning and lifecycle, for holders of a platform token (base domain)' },
];

export function createPlatformAdminArea(deps: PlatformAdminDeps): Area {
  return { tags: TAGS, operations: platformAdminOperations(createPlatformAdminService(deps)), api: undefined };
}
