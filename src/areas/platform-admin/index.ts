// The platform-admin area: provisioning and administration of tenants, for holders of a platform token.
import type { Area } from '../../platform/area.js';
import { platformAdminOperations } from './platform-admin.operations.js';

export function createPlatformAdminArea(deps: Parameters<typeof platformAdminOperations>[0]): Area {
  return { operations: platformAdminOperations(deps), api: undefined };
}
