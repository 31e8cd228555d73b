// The auth area: what the browser app needs to sign in against the identity provider of the host's tenant.
import type { Area } from '../../platform/area.js';
import { authOperations } from './auth.operations.js';
import { type AuthDeps, createAuthService } from './auth.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [{ name: 'auth', description: "The browser app's login settings, and guest sessions" }];

export function createAuthArea(deps: AuthDeps): Area {
  return { tags: TAGS, operations: authOperations(createAuthService(deps)), api: undefined };
}
