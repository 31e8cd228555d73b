// The auth area: what the browser app needs to sign in against the identity provider of the host's tenant.
import type { Area } from '../../platform/area.js';
import type { IdentityProvider } from '../../platform/idp/port.js';
import { authOperations } from './auth.operations.js';

export function createAuthArea(deps: { idp: IdentityProvider; primaryClient: string }): Area {
  return { operations: authOperations(deps), api: undefined };
}
