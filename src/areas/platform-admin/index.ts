// The platform-admin area: provisioning and administration of tenants, for holders of a platform token.
import type { Area } from '../../platform/area.js';
import { platformAdminOperations } from './platform-admin.operations.js';
import { createPlatformAdminService, type PlatformAdminDeps } from './platform-admin.service.js';

export function createPlatformAdminArea(deps: PlatformAdminDeps): Area {
  return { operations: platformAdminOperations(createPlatformAdminService(deps)), api: undefined };
}
