// The builtin identity provider seen by a standard OpenID Connect relying party (openid-client) over real HTTP, as
// the issue-12 finding tried it: discovery, client credentials on the master realm with the token verified by the
// JWKS, and the tc-web password grant of a customer who signed up and activated, whose token is its API bearer.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/platform/database/embedded.js';
import type { Service } from '../src/service.js';
import { uniqueName } from './support/database.js';
import { type TestTenant, tenant } from './support/factories.js';
import { startTestService, TEST_PLATFORM_SECRET } from './support/service.js';

let service: Service;
let t: TestTenant;
let base: string;
// The service listens on plain HTTP on loopback; openid-client insists on HTTPS unless told otherwise.
const loopback = { execute: [oidc.allowInsecureRequests] };

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  service = await startTestService({ env: { PORT: String(port), TC_PUBLIC_URL: base } });
  await service.app.listen({ host: 'localhost', port });
  t = await tenant(service);
});
afterAll(() => service?.close());

const realmUrl = (realm: string) => new URL(`${base}/realms/${realm}`);

describe('openid-client against the builtin identity provider', () => {
  it('discovers a tenant realm: the issuer is the realm address and every endpoint is on it', async () => {
    const config = await oidc.discovery(realmUrl(t.record.realm), 'tc-web', undefined, oidc.None(), loopback);
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(`${base}/realms/${t.record.realm}`);
    expect(metadata.token_endpoint).toBe(`${metadata.issuer}/protocol/openid-connect/token`);
    expect(metadata.jwks_uri).toBe(`${metadata.issuer}/protocol/openid-connect/certs`);
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['password', 'client_credentials']));
  });

  it('gets a client-credentials token on the master realm that verifies against the JWKS', async () => {
    const config = await oidc.discovery(realmUrl('master'), 'tc-platform', TEST_PLATFORM_SECRET, undefined, loopback);
    const tokens = await oidc.clientCredentialsGrant(config);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const metadata = config.serverMetadata();
    const keys = createRemoteJWKSet(new URL(metadata.jwks_uri ?? ''));
    const { payload } = await jwtVerify(tokens.access_token, keys, { issuer: metadata.issuer, algorithms: ['RS256'] });
    expect(payload).toMatchObject({ azp: 'tc-platform', preferred_username: 'service-account-tc-platform' });
  });

  it('gets a password-grant token for a customer who signed up and activated; the token is its bearer', async () => {
    const userLogin = uniqueName('signup');
    const password = 'sand dunes at dawn';
    const registered = await t.adminApi.ok<{ userId: number; signupToken: string }>('/user/register', {
      userLogin,
      userEmail: `${userLogin}@example.com`,
      password,
      userName: 'Layla Haddad',
    });
    await t.api.ok('/user/activate', { token: registered.signupToken });

    const config = await oidc.discovery(realmUrl(t.record.realm), 'tc-web', undefined, oidc.None(), loopback);
    const tokens = await oidc.genericGrantRequest(config, 'password', { username: userLogin, password });
    const keys = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''));
    const { payload } = await jwtVerify(tokens.access_token, keys, { issuer: config.serverMetadata().issuer });
    expect(payload).toMatchObject({
      azp: 'tc-web',
      preferred_username: userLogin,
      realm_access: { roles: ['customer'] },
    });

    const answer = await t.api.inject({
      method: 'POST',
      url: '/user/update',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { userId: registered.userId },
    });
    expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'OK' }, apiData: { userId: registered.userId } });

    const refused = await oidc
      .genericGrantRequest(config, 'password', { username: userLogin, password: 'not the password' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(oidc.ResponseBodyError);
    expect(refused).toMatchObject({ error: 'invalid_grant', status: 401 });
  });
});
