// The QR payload's text: written and read back from both ends, a barcode with dots whole, and anything else refused.
import { describe, expect, it } from 'vitest';
import { PAYLOAD_FORMAT, parsePayload, payloadText, signedPartOf } from './ticket-payload.rules.js';
import { extInfoOf } from './tickets.view.js';

const signature = Buffer.alloc(64, 7);
const claim = { tenantCode: 'acme-tours', ticketId: 42, barcode: 'BK-2026-000001-1-2', keyId: 'k1' };

describe('the ticket QR payload', () => {
  it('is TC1.<tenantCode>.<ticketId>.<barcode>.<keyId>.<signature> and reads back', () => {
    const text = payloadText(claim, signature);
    expect(text).toBe(`TC1.acme-tours.42.BK-2026-000001-1-2.k1.${signature.toString('base64url')}`);
    expect(PAYLOAD_FORMAT).toBe('TC1.<tenantCode>.<ticketId>.<barcode>.<keyId>.<signature>');
    expect(parsePayload(text)).toEqual({ ...claim, signedPart: signedPartOf(claim), signature });
  });

  it('reads a barcode holding dots whole', () => {
    const dotted = { ...claim, barcode: 'GATE.7.A' };
    expect(parsePayload(payloadText(dotted, signature))).toMatchObject({ barcode: 'GATE.7.A', keyId: 'k1' });
  });

  it('refuses what is not a payload', () => {
    const good = payloadText(claim, signature);
    const sig = signature.toString('base64url');
    for (const text of [
      '',
      'hello',
      good.replace('TC1.', 'TC2.'),
      good.replace('.42.', '.042.'),
      good.replace('.42.', '.x.'),
      good.replace('acme-tours', 'ACME'),
      `TC1.acme-tours.42..k1.${sig}`,
      `${good.slice(0, -2)}`,
      `${good}A`,
      good.replace('.k1.', '.k 1.'),
    ]) {
      expect(parsePayload(text), text).toBeUndefined();
    }
  });
});

describe('extInfo1..extInfo5', () => {
  it('come from an array or from an object with those keys', () => {
    expect(extInfoOf(['a', null, 3])).toEqual({
      extInfo1: 'a',
      extInfo2: null,
      extInfo3: '3',
      extInfo4: null,
      extInfo5: null,
    });
    expect(extInfoOf({ extInfo5: 'e', other: 'x' })).toMatchObject({ extInfo1: null, extInfo5: 'e' });
    expect(extInfoOf(null)).toEqual({ extInfo1: null, extInfo2: null, extInfo3: null, extInfo4: null, extInfo5: null });
  });
});
