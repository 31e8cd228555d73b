// The tenant's Ed25519 key that signs ticket QR payloads: made on first need (one per tenant, whichever node or
// request gets there first), the private key sealed with the service's secret box, and kept unsealed in memory
// per tenant afterwards. The private key is never logged nor answered; GET /booking/ticketKey publishes the
// public one so a gate can verify a QR offline.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import type { SecretBox } from '../../../platform/crypto.js';
import type { TenantContext } from '../../../platform/http/operation.js';

/** A request's context, or a worker's: the tenant and its database. */
export type TicketScope = Pick<TenantContext, 'tenant' | 'db'>;
import { payloadText, type SignedPayload, signedPartOf, type TicketClaim } from './ticket-payload.rules.js';
import * as repo from './tickets.repository.js';

/** The first key's id; a rotated key would be k2, … (tickets name the key they were signed with). */
const FIRST_KEY_ID = 'k1';

export interface PublicTicketKey {
  keyId: string;
  /** The raw 32-byte Ed25519 public key, unpadded base64url. */
  publicKey: string;
  publicKeyPem: string;
  createdAt: Date;
}

interface TenantKeys {
  /** Signs new payloads: the newest key. */
  current: { keyId: string; privateKey: KeyObject };
  /** Every key of the tenant by id, for verifying. */
  verifiers: Map<string, KeyObject>;
  published: PublicTicketKey[];
}

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function publicKeyObject(raw: string): KeyObject {
  const der = Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(raw, 'base64url')]);
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}

function newKeyPair(secretBox: SecretBox) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    keyId: FIRST_KEY_ID,
    publicKey: spki.subarray(SPKI_ED25519_PREFIX.length).toString('base64url'),
    privateKeySealed: secretBox.seal(pkcs8.toString('base64')),
  };
}

export function createTicketSigner(deps: { secretBox: SecretBox }) {
  // One load per tenant at a time: concurrent first requests share it.
  const cache = new Map<string, Promise<TenantKeys>>();

  const load = async (ctx: TicketScope): Promise<TenantKeys> => {
    let rows = await repo.selectSigningKeys(ctx.db);
    if (rows.length === 0) {
      await repo.insertFirstSigningKey(ctx.db, newKeyPair(deps.secretBox));
      rows = await repo.selectSigningKeys(ctx.db);
    }
    const [newest] = rows;
    if (!newest) throw new Error('the ticket-signing key could not be stored');
    const pkcs8 = Buffer.from(deps.secretBox.open(newest.private_key_sealed), 'base64');
    const verifiers = new Map(rows.map((row) => [row.key_id, publicKeyObject(row.public_key)]));
    return {
      current: { keyId: newest.key_id, privateKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }) },
      verifiers,
      published: rows.map((row) => ({
        keyId: row.key_id,
        publicKey: row.public_key,
        publicKeyPem: String(verifiers.get(row.key_id)?.export({ format: 'pem', type: 'spki' })),
        createdAt: row.created_at,
      })),
    };
  };

  const keysOf = (ctx: TicketScope): Promise<TenantKeys> => {
    const tenantId = ctx.tenant.tenantId;
    let keys = cache.get(tenantId);
    if (!keys) {
      keys = load(ctx);
      cache.set(tenantId, keys);
      // a failed load is tried again by the next request
      keys.catch(() => cache.delete(tenantId));
    }
    return keys;
  };

  return {
    /** The signed QR payload of a ticket of the caller's tenant. */
    async payloadOf(ctx: TicketScope, ticket: { ticketId: number; barcode: string }): Promise<string> {
      const { current } = await keysOf(ctx);
      const claim: TicketClaim = { tenantCode: ctx.tenant.tenantCode, ...ticket, keyId: current.keyId };
      return payloadText(claim, sign(null, Buffer.from(signedPartOf(claim), 'utf8'), current.privateKey));
    },

    /** True when the payload names the caller's tenant and one of its keys, and that key signed it. */
    async verifies(ctx: TicketScope, payload: SignedPayload): Promise<boolean> {
      if (payload.tenantCode !== ctx.tenant.tenantCode) return false;
      const key = (await keysOf(ctx)).verifiers.get(payload.keyId);
      return key !== undefined && verify(null, Buffer.from(payload.signedPart, 'utf8'), key, payload.signature);
    },

    /** The public keys, newest (the signing one) first. */
    async publicKeys(ctx: TicketScope): Promise<PublicTicketKey[]> {
      return (await keysOf(ctx)).published;
    },
  };
}

export type TicketSigner = ReturnType<typeof createTicketSigner>;
