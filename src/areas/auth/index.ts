// The auth area: what the browser app needs to sign in against the identity provider of the host's tenant.
import type { Area } from '../../platform/area.js';
import { authOperations } from './auth.operations.js';
import { type AuthDeps, createAuthService } from './auth.service.js';

export function createAuthArea(deps: AuthDeps): Area {
  return { operations: authOperations(createAuthService(deps)), api: undefined };
}
