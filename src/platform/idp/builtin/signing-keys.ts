// The RS256 keys of each realm: created on first need, stored with the private half sealed, and cached.
//
// Several nodes share the keys through the platform database, so the database is the truth:
// - signing reads the realm's active kid on every token (one indexed row); only the unsealed, imported
//   private key is cached, by kid, so a realm deleted and re-created elsewhere is never signed with a
//   stale key;
// - verification, which runs on every request, uses a per-realm cache of public keys that expires after
//   a minute and is re-read early when a token names a kid it does not know.
import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTVerifyGetKey,
  type LocalJWKSet,
} from 'jose';
import type { SecretBox } from '../../crypto.js';
import type { Sql } from '../../database/connections.js';
import type { PublicJwk } from './protocol.schemas.js';

export const SIGNING_ALGORITHM = 'RS256';
const MODULUS_BITS = 2048;
const PUBLIC_KEYS_TTL_MS = 60_000;
/** An unknown kid re-reads the keys at most this often per realm, so forged kids cannot flood the database. */
const UNKNOWN_KID_REFRESH_MS = 1_000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface SigningKeyStore {
  /** The realm's active key, created when the realm has none; undefined when the realm does not exist. */
  signingKey(realm: string): Promise<SigningKey | undefined>;
  /** The realm's public keys for its JWKS, creating the first key; undefined when the realm does not exist. */
  publicKeys(realm: string): Promise<PublicJwk[] | undefined>;
  /** A jose key resolver over the realm's stored public keys; it never creates a key. */
  verificationKeys(realm: string): JWTVerifyGetKey;
  /** Drops what is cached for a realm (it was deleted). */
  forget(realm: string): void;
}

interface CachedPublicKeys {
  loadedAt: number;
  kids: ReadonlySet<string>;
  resolve: LocalJWKSet;
}

/** The store's dependencies and caches, shared by the steps below. */
interface KeyStore {
  sql: Sql;
  secretBox: SecretBox;
  privateKeys: Map<string, { realm: string; key: CryptoKey }>;
  publicKeyCache: Map<string, CachedPublicKeys>;
  // Concurrent first requests of one node create one key, not one each.
  creating: Map<string, Promise<boolean>>;
}

export function createSigningKeyStore(deps: { sql: Sql; secretBox: SecretBox }): SigningKeyStore {
  const store: KeyStore = {
    sql: deps.sql,
    secretBox: deps.secretBox,
    privateKeys: new Map(),
    publicKeyCache: new Map(),
    creating: new Map(),
  };
  return {
    signingKey: (realm) => signingKey(store, realm),
    publicKeys: (realm) => publicKeys(store, realm),
    verificationKeys(realm) {
      return async (header, token) => (await cachedPublicKeys(store, realm, header.kid)).resolve(header, token);
    },
    forget(realm) {
      store.publicKeyCache.delete(realm);
      for (const [kid, entry] of store.privateKeys) if (entry.realm === realm) store.privateKeys.delete(kid);
    },
  };
}

async function activeKeyRow(store: KeyStore, realm: string) {
  const [row] = await store.sql<{ kid: string; privateJwk: string }[]>`
    SELECT kid, private_jwk AS "privateJwk" FROM idp_signing_keys WHERE realm = ${realm} AND active`;
  return row;
}

/** Creates the realm's first key unless one exists; false when the realm does not exist. */
function ensureActiveKey(store: KeyStore, realm: string): Promise<boolean> {
  let pending = store.creating.get(realm);
  if (!pending) {
    pending = createKey(store, realm).finally(() => store.creating.delete(realm));
    store.creating.set(realm, pending);
  }
  return pending;
}

async function createKey(store: KeyStore, realm: string): Promise<boolean> {
  const { sql } = store;
  // Checked before generating: an RSA key costs real CPU, and anyone may ask for an unknown realm's JWKS.
  const [state] = await sql<{ realmExists: boolean; hasKey: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM idp_realms WHERE name = ${realm}) AS "realmExists",
           EXISTS (SELECT 1 FROM idp_signing_keys WHERE realm = ${realm} AND active) AS "hasKey"`;
  if (!state?.realmExists) return false;
  if (state.hasKey) return true;
  const { kid, publicJwk, sealedPrivate } = await generateSigningKey(store.secretBox);
  // Another node may have won the race (unique active key per realm) or the realm may be gone:
  // either way nothing is inserted and the caller re-reads.
  const inserted = await sql`
    INSERT INTO idp_signing_keys (kid, realm, alg, public_jwk, private_jwk)
    SELECT ${kid}, name, ${SIGNING_ALGORITHM}, ${sql.json({ ...publicJwk })}, ${sealedPrivate}
      FROM idp_realms WHERE name = ${realm}
    ON CONFLICT DO NOTHING`;
  store.publicKeyCache.delete(realm);
  if (inserted.count === 1) return true;
  return (await activeKeyRow(store, realm)) !== undefined;
}

/** A new RSA key pair: the public half as a JWK, the private half sealed for storage. */
async function generateSigningKey(
  secretBox: SecretBox,
): Promise<{ kid: string; publicJwk: PublicJwk; sealedPrivate: string }> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, {
    modulusLength: MODULUS_BITS,
    extractable: true,
  });
  const kid = randomUUID();
  const publicJwk: PublicJwk = {
    ...rsaPublicParts(await exportJWK(publicKey)),
    kid,
    alg: SIGNING_ALGORITHM,
    use: 'sig',
  };
  const sealedPrivate = secretBox.seal(JSON.stringify(await exportJWK(privateKey)));
  return { kid, publicJwk, sealedPrivate };
}

async function signingKey(store: KeyStore, realm: string): Promise<SigningKey | undefined> {
  let row = await activeKeyRow(store, realm);
  if (!row) {
    if (!(await ensureActiveKey(store, realm))) return undefined;
    row = await activeKeyRow(store, realm);
    if (!row) return undefined; // the realm was deleted meanwhile
  }
  const cached = store.privateKeys.get(row.kid);
  if (cached) return { kid: row.kid, privateKey: cached.key };
  const jwk: unknown = JSON.parse(store.secretBox.open(row.privateJwk));
  if (!isRsaPrivateJwk(jwk)) throw new Error('the stored signing key is not an RSA private key');
  const key = await importJWK(jwk, SIGNING_ALGORITHM);
  if (!(key instanceof CryptoKey)) throw new Error('the stored signing key is not an RSA key');
  store.privateKeys.set(row.kid, { realm, key });
  return { kid: row.kid, privateKey: key };
}

async function storedPublicKeys(store: KeyStore, realm: string): Promise<PublicJwk[]> {
  const rows = await store.sql<{ jwk: PublicJwk }[]>`
    SELECT public_jwk AS jwk FROM idp_signing_keys WHERE realm = ${realm} ORDER BY active DESC, created_at DESC`;
  return rows.map((row) => row.jwk);
}

async function publicKeys(store: KeyStore, realm: string): Promise<PublicJwk[] | undefined> {
  const keys = await storedPublicKeys(store, realm);
  if (keys.length > 0) return keys;
  if (!(await ensureActiveKey(store, realm))) return undefined;
  return storedPublicKeys(store, realm);
}

async function cachedPublicKeys(store: KeyStore, realm: string, kid: string | undefined): Promise<CachedPublicKeys> {
  const now = performance.now();
  const cached = store.publicKeyCache.get(realm);
  const fresh = cached && now - cached.loadedAt < PUBLIC_KEYS_TTL_MS;
  const knowsKid = cached && (kid === undefined || cached.kids.has(kid));
  const mayRefresh = !cached || now - cached.loadedAt >= UNKNOWN_KID_REFRESH_MS;
  if (cached && fresh && (knowsKid || !mayRefresh)) return cached;
  const keys = await storedPublicKeys(store, realm);
  const loaded: CachedPublicKeys = {
    loadedAt: now,
    kids: new Set(keys.map((key) => key.kid)),
    resolve: createLocalJWKSet({ keys: keys.map((key) => ({ ...key })) }),
  };
  // A realm without keys has signed nothing yet; caching that would hide its first key for a minute.
  if (keys.length > 0) store.publicKeyCache.set(realm, loaded);
  else store.publicKeyCache.delete(realm);
  return loaded;
}

/** Only the public members of an exported RSA key (exportJWK of a public key has no private ones). */
function rsaPublicParts(jwk: JWK): { kty: string; n: string; e: string } {
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('expected an RSA public key');
  return { kty: jwk.kty, n: jwk.n, e: jwk.e };
}

function isRsaPrivateJwk(value: unknown): value is JWK {
  return typeof value === 'object' && value !== null && 'kty' in value && value.kty === 'RSA' && 'd' in value;
}
