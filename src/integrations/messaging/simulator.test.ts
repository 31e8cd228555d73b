// The simulator's answers (deterministic wamids in Meta's format, the refused recipients, the status timeline)
// and the webhook's two checks (handshake and signature).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../test/support/errors.js';
import { MessagingError, type SendMessageRequest } from './port.js';
import { createMessagingSimulator, simulatedStatusesBy, simulatedWamid } from './simulator.js';
import { isSignedBy, verifyHandshake } from './webhook-signature.js';

const request: SendMessageRequest = {
  tenantId: 'tenant-a',
  to: '+971501234567',
  content: { kind: 'text', body: 'Hello' },
  idempotencyKey: 'outbox-1',
};

describe('messaging simulator', () => {
  it("answers a wamid in Meta's format that depends on the tenant and the key only", async () => {
    const simulator = createMessagingSimulator();
    const first = await simulator.send(request);
    expect(first.providerMessageId).toMatch(/^wamid\.[A-Za-z0-9+/]+=*$/);
    const record = Buffer.from(first.providerMessageId.slice('wamid.'.length), 'base64').toString('latin1');
    expect(record).toContain('971501234567');
    expect(await simulator.send({ ...request, content: { kind: 'text', body: 'Other' } })).toEqual(first);
    expect((await simulator.send({ ...request, idempotencyKey: 'outbox-2' })).providerMessageId).not.toBe(
      first.providerMessageId,
    );
    expect(simulatedWamid('tenant-b', 'outbox-1', request.to)).not.toBe(first.providerMessageId);
  });

  it('refuses a number ending in 0000 (code 131026) and one that is not E.164', async () => {
    const simulator = createMessagingSimulator();
    const refused = await rejectionOf(simulator.send({ ...request, to: '+971500000000' }), MessagingError);
    expect([refused.failure, refused.providerCode]).toEqual(['refused', 131026]);
    expect((await rejectionOf(simulator.send({ ...request, to: '971501234567' }), MessagingError)).failure).toBe(
      'refused',
    );
  });

  it('delivers 2 s and reads 10 s after sending', () => {
    const sentAt = new Date('2026-01-01T10:00:00Z');
    const at = (ms: number) => new Date(sentAt.getTime() + ms);
    expect(simulatedStatusesBy(sentAt, at(1_999))).toEqual([]);
    expect(simulatedStatusesBy(sentAt, at(2_000))).toEqual([{ status: 'delivered', at: at(2_000) }]);
    expect(simulatedStatusesBy(sentAt, at(60_000))).toEqual([
      { status: 'delivered', at: at(2_000) },
      { status: 'read', at: at(10_000) },
    ]);
  });
});

describe('webhook checks', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  const sign = (bytes: Buffer, secret = 'app-secret') =>
    `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`;

  it('accepts the HMAC-SHA256 of the raw bytes under the App Secret, and nothing else', () => {
    expect(isSignedBy('app-secret', body, sign(body))).toBe(true);
    expect(isSignedBy('app-secret', body, sign(body).toUpperCase().replace('SHA256', 'sha256'))).toBe(true);
    expect(isSignedBy('app-secret', body, sign(body, 'other-secret'))).toBe(false);
    expect(isSignedBy('app-secret', Buffer.from(`${body} `), sign(body))).toBe(false);
    expect(isSignedBy('app-secret', body, undefined)).toBe(false);
    expect(isSignedBy('app-secret', body, sign(body).replace('sha256=', 'sha1='))).toBe(false);
    expect(isSignedBy('app-secret', body, 'sha256=abc')).toBe(false);
  });

  it('echoes the challenge for mode subscribe with our verify token only', () => {
    const settings = { appSecret: 'app-secret', verifyToken: 'verify-me' };
    expect(verifyHandshake(settings, { mode: 'subscribe', verifyToken: 'verify-me', challenge: '1158201444' })).toBe(
      '1158201444',
    );
    expect(verifyHandshake(settings, { mode: 'subscribe', verifyToken: 'verify-m', challenge: 'x' })).toBeUndefined();
    expect(
      verifyHandshake(settings, { mode: 'unsubscribe', verifyToken: 'verify-me', challenge: 'x' }),
    ).toBeUndefined();
    expect(
      verifyHandshake(settings, { mode: 'subscribe', verifyToken: 'verify-me', challenge: undefined }),
    ).toBeUndefined();
  });
});
