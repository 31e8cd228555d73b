import { createPublicKey, randomBytes } from 'node:crypto';
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { createSecretBox } from '../crypto.js';
import { loadMigrations, migrate } from '../database/migrate.js';
import { ApiError, ErrorCode } from '../http/errors.js';
import { type BuiltinIdentityProvider, createBuiltinIdentityProvider } from '../idp/builtin/builtin-idp.js';
import { MASTER_REALM } from '../idp/port.js';
import { createPlatformTokenVerifier, type PlatformTokenVerifier } from './platform-bearer.js';

const PUBLIC_URL = 'http://localhost:8080';
const MASTER_ISSUER = `${PUBLIC_URL}/realms/master`;
const PLATFORM_CLIENT = { clientId: 'tc-platform', secret: 'platform-secret' };
const AUTH_CLIENTS = ['tc-web', 'tc-api', 'tc-platform'];
const KNOWN_KID = 'test-master-key';
const SKEW = 30;

describe('platform bearer verification', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let idp: BuiltinIdentityProvider;
  let verifier: PlatformTokenVerifier;
  // The master realm's signing key, installed by the test so it can also sign hand-made tokens with it.
  let masterKey: CryptoKey;
  let masterPublicPem: string;
  let tenantApiSecret: string;
  const secretBox = createSecretBox(randomBytes(32));

  beforeAll(async () => {
    db = await scratchDatabase();
    await migrate(db.sql, await loadMigrations('platform'));
    idp = createBuiltinIdentityProvider({ sql: db.sql, secretBox, publicUrl: PUBLIC_URL });
    await idp.ensureMasterRealm(PLATFORM_CLIENT);
    await idp.createClient(MASTER_REALM, {
      clientId: 'other-master-client',
      confidential: true,
      secret: 'other-secret',
    });

    const pair = await generateKeyPair('RS256', { extractable: true });
    masterKey = pair.privateKey;
    const publicJwk = await exportJWK(pair.publicKey);
    masterPublicPem = createPublicKey({ key: { kty: 'RSA', n: publicJwk.n, e: publicJwk.e }, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const sealedPrivate = secretBox.seal(JSON.stringify(await exportJWK(pair.privateKey)));
    await db.sql`
      INSERT INTO idp_signing_keys (kid, realm, public_jwk, private_jwk)
      VALUES (${KNOWN_KID}, ${MASTER_REALM}, ${db.sql.json({ kty: 'RSA', n: publicJwk.n ?? '', e: publicJwk.e ?? '', kid: KNOWN_KID, alg: 'RS256', use: 'sig' })},
              ${sealedPrivate})`;

    await idp.createRealm('acme', 'Acme');
    tenantApiSecret = (await idp.createClient('acme', { clientId: 'tc-api', confidential: true })).secret ?? '';

    verifier = createPlatformTokenVerifier({ idp, authClients: AUTH_CLIENTS, clockSkewSeconds: SKEW });
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function issued(realm: string, clientId: string, secret: string): Promise<string> {
    const answer = await idp.issueToken(realm, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
    });
    if (answer.status !== 200) throw new Error(`token refused: ${JSON.stringify(answer.body)}`);
    return answer.body.access_token;
  }

  const platformToken = () => issued(MASTER_REALM, PLATFORM_CLIENT.clientId, PLATFORM_CLIENT.secret);

  /** A token signed with the real master key, with claims of the test's choosing. */
  function handMade(
    claims: JWTPayload,
    options: { expiresIn?: number; kid?: string; key?: CryptoKey } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ typ: 'Bearer', azp: 'tc-platform', ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: options.kid ?? KNOWN_KID })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : MASTER_ISSUER)
      .setSubject('00000000-0000-4000-8000-00000000abcd')
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 300))
      .sign(options.key ?? masterKey);
  }

  async function refusal(token: string | undefined, using = verifier): Promise<ApiError> {
    const outcome = await using.verify(token).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(outcome instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(outcome)}`);
    expect(outcome.code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(outcome.httpStatus).toBe(401);
    // No jose internals (claim names, key ids, algorithm details) reach the caller.
    expect(outcome.message).not.toMatch(/"|JWS|JWK|claim|alg|kid/i);
    return outcome;
  }

  it('accepts a client-credentials token of the platform client', async () => {
    const caller = await verifier.verify(await platformToken());
    expect(caller.clientId).toBe('tc-platform');
    expect(caller.subject).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts a token whose audience, not azp, is an accepted client', async () => {
    const token = await handMade({ azp: 'some-frontend', aud: ['account', 'tc-platform'] });
    expect(await verifier.verify(token)).toEqual({
      clientId: 'some-frontend',
      subject: '00000000-0000-4000-8000-00000000abcd',
    });
  });

  it('refuses a missing or empty token', async () => {
    expect((await refusal(undefined)).message).toMatch(/required/);
    await refusal('');
  });

  it('refuses garbage', async () => {
    for (const garbage of [
      'abc',
      'a.b.c',
      'eyJhbGciOiJSUzI1NiJ9.e30.',
      `${'x'.repeat(50)}.${'y'.repeat(50)}.${'z'.repeat(50)}`,
    ]) {
      await refusal(garbage);
    }
  });

  it('refuses an expired token, allowing the configured clock skew', async () => {
    const token = await platformToken();
    const at = (seconds: number) =>
      createPlatformTokenVerifier({
        idp,
        authClients: AUTH_CLIENTS,
        clockSkewSeconds: SKEW,
        clock: () => new Date(Date.now() + seconds * 1000),
      });
    await expect(at(300 + SKEW - 5).verify(token)).resolves.toMatchObject({ clientId: 'tc-platform' });
    expect((await refusal(token, at(300 + SKEW + 5))).message).toMatch(/expired/);
    expect((await refusal(await handMade({}, { expiresIn: -(SKEW + 60) }))).message).toMatch(/expired/);
  });

  it('refuses a token of another issuer, even one signed with the master key', async () => {
    await refusal(await handMade({ iss: `${PUBLIC_URL}/realms/acme` }));
    await refusal(await handMade({ iss: 'https://evil.example/realms/master' }));
  });

  it('refuses a token of a tenant realm, even for an accepted client', async () => {
    const tenantToken = await issued('acme', 'tc-api', tenantApiSecret);
    await refusal(tenantToken);
  });

  it('refuses a token for a client outside the accepted list', async () => {
    await refusal(await issued(MASTER_REALM, 'other-master-client', 'other-secret'));
    await refusal(await handMade({ azp: 'someone-else', aud: 'account' }));
    await refusal(await handMade({ azp: undefined, aud: undefined }));
  });

  it('refuses alg none', async () => {
    const unsecured = new UnsecuredJWT({ azp: 'tc-platform', typ: 'Bearer', sub: 'x' })
      .setIssuer(MASTER_ISSUER)
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    await refusal(unsecured);
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ azp: 'tc-platform', typ: 'Bearer' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: KNOWN_KID })
      .setIssuer(MASTER_ISSUER)
      .setSubject('attacker')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(masterPublicPem));
    await refusal(forged);
  });

  it('refuses a token signed with a foreign key under the real kid', async () => {
    const foreign = await generateKeyPair('RS256');
    await refusal(await handMade({}, { key: foreign.privateKey }));
    await refusal(await handMade({}, { key: foreign.privateKey, kid: 'unknown-kid' }));
  });

  it('refuses a tampered token', async () => {
    const token = await platformToken();
    const [header, payload, signature] = token.split('.');
    const claims = decodeJwt(token);
    const elevated = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    await refusal(`${header}.${elevated}.${signature}`);
    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}`;
    await refusal(`${header}.${payload}.${flipped}`);
  });

  it('refuses an ID token signed with the master key', async () => {
    await refusal(await handMade({ typ: 'ID', aud: 'tc-platform' }));
  });
});
