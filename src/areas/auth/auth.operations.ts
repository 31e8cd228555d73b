// /auth/*: what the browser app needs to log in against the identity provider of the host's tenant.
import { type OperationDeclaration, platformOperation } from '../../platform/http/operation.js';
import { MASTER_REALM } from '../../platform/idp/port.js';
import { AuthConfig } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

const config = (auth: AuthService) =>
  platformOperation({
    path: '/auth/config',
    methods: ['GET'],
    summary: "Identity-provider settings for the browser app of the host's tenant (master realm on the base domain)",
    access: 'public',
    onTenantHosts: true,
    response: AuthConfig,
    handler: (ctx) => auth.config(ctx.tenant?.realm ?? MASTER_REALM),
  });

/** Every operation of the area, bound to its service. */
export function authOperations(auth: AuthService): OperationDeclaration[] {
  return [config].map((declare) => declare(auth));
}
