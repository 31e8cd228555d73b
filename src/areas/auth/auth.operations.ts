// /auth/*: what the browser app needs to log in against the identity provider of the host's tenant.
import type { FastifyInstance } from 'fastify';
import { definePlatformOperation } from '../../platform/http/operation.js';
import { type IdentityProvider, MASTER_REALM } from '../../platform/idp/port.js';
import { AuthConfig } from './auth.schemas.js';

export function registerAuthOperations(
  app: FastifyInstance,
  deps: { idp: IdentityProvider; primaryClient: string },
): void {
  definePlatformOperation(app, {
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
}
