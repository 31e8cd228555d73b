// The two checks of Meta's webhooks (research/external-systems.md §7.1, §7.2): the subscription handshake, and
// the X-Hub-Signature-256 header of every delivery, an HMAC-SHA256 of the raw body keyed with the App Secret,
// checked before the body is parsed and compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppWebhookSettings } from './settings.js';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** True when `header` is `sha256=<hex>` of the HMAC-SHA256 of exactly these bytes under the App Secret. */
export function isSignedBy(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const sent = header === undefined ? null : SIGNATURE.exec(header.trim());
  const hex = sent?.[1];
  if (!hex) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}

/**
 * The challenge to echo when Meta's GET carries hub.mode=subscribe and our verify token; undefined otherwise
 * (answered 403). The tokens are compared in constant time, as digests so their lengths do not show either.
 */
export function verifyHandshake(
  settings: WhatsAppWebhookSettings,
  query: { mode: unknown; verifyToken: unknown; challenge: unknown },
): string | undefined {
  const { mode, verifyToken, challenge } = query;
  if (mode !== 'subscribe' || typeof verifyToken !== 'string' || typeof challenge !== 'string') return undefined;
  const digest = (value: string) => createHmac('sha256', 'verify-token').update(value).digest();
  return timingSafeEqual(digest(verifyToken), digest(settings.verifyToken)) ? challenge : undefined;
}
