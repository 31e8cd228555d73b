// /auth/*: what the browser app needs to log in against the identity provider of the host's tenant.
import { type OperationDeclaration, platformOperation } from '../../platform/http/operation.js';
import { type IdentityProvider, MASTER_REALM } from '../../platform/idp/port.js';
import { AuthConfig } from './auth.schemas.js';

const config = (deps: { idp: IdentityProvider; primaryClient: string }) =>
  platformOperation({
    path: '/auth/config',
    methods: ['GET'],
    summary: "Identity-provider settings for the browser app of the host's tenant (master realm on the base domain)",
    access: 'public',
    onTenantHosts: true,
    response: AuthConfig,
    handler: async (ctx) => {
      const realm = ctx.tenant?.realm ?? MASTER_REALM;
      return {
        issuer: deps.idp.issuer(realm),
        realm,
        clientId: deps.primaryClient,
        logoutUrl: deps.idp.logoutUrl(realm),
      };
    },
  });

/** Every operation of the area, bound to its services. */
export function authOperations(deps: { idp: IdentityProvider; primaryClient: string }): OperationDeclaration[] {
  return [config].map((declare) => declare(deps));
}
