import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../platform/crypto.js';
import { ApiError } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { type CreateOrderRequest, type PaymentGateway, PaymentGatewayError, PaymentStatus } from '../port.js';
import { linkWithToken, openLinkOrder } from './link-order.js';
import { type LinkEnding, settleEach, settleFromGateway } from './link-settlement.js';

// A gateway that notes the orders it is asked for and answers checks with `status` (or fails them).
function fakeGateway(status: { code: number; text: string } | 'fails') {
  const orders: CreateOrderRequest[] = [];
  const only = () => {
    expect(orders).toHaveLength(1);
    return orders[0] as CreateOrderRequest;
  };
  const gateway = {
    kind: 'simulator',
    createOrder: async (request: CreateOrderRequest) => {
      if (status === 'fails') throw new PaymentGatewayError('unreachable', 'no route');
      orders.push(request);
      return { orderRef: 'ORD1', paymentUrl: 'https://pay.example/ORD1' };
    },
    checkOrder: async () => {
      if (status === 'fails') throw new PaymentGatewayError('timeout', 'slow');
      return { order: { status } };
    },
  } as unknown as PaymentGateway;
  return { gateway, only };
}

const warnings: object[] = [];
const log = { warn: (details: object) => void warnings.push(details) } as unknown as TenantContext['log'];
const ctx = { tenant: { tenantCode: 'acme' }, log } as unknown as Pick<TenantContext, 'tenant' | 'log'>;
const order = {
  reference: 'B 1/2',
  amountMinor: 12_500,
  currency: 'AED',
  description: 'Acme booking B1',
  logFields: { booking: 'B1' },
};
const deps = (gateway: PaymentGateway) => ({
  paymentGateway: gateway,
  testPayments: true,
  tenantUrl: () => 'https://acme.test',
});

describe('openLinkOrder', () => {
  it('sends the payer back with the reference and a token whose hash alone is kept', async () => {
    const { gateway, only } = fakeGateway({ code: PaymentStatus.PENDING, text: 'Pending' });
    const opened = await openLinkOrder(deps(gateway), ctx, { ...order, returnPaths: '/payment/x/return' });
    const sent = only();
    const back = new URL(sent.returnUrls.authorised);
    expect(back.pathname).toBe('/payment/x/return');
    expect(back.searchParams.get('ref')).toBe('B 1/2');
    expect(sent.returnUrls.declined).toBe(sent.returnUrls.authorised);
    expect(sha256(back.searchParams.get('t') ?? '')).toEqual(opened.tokenHash);
    expect(sent).toMatchObject({ cartRef: 'B 1/2', amountMinor: 12_500, test: true });
  });

  it('gives each outcome its own page when asked', async () => {
    const { gateway, only } = fakeGateway({ code: PaymentStatus.PENDING, text: 'Pending' });
    await openLinkOrder(deps(gateway), ctx, {
      ...order,
      returnPaths: { authorised: '/ok', declined: '/no', cancelled: '/stop' },
    });
    const paths = Object.values(only().returnUrls).map((url) => new URL(url).pathname);
    expect(paths).toEqual(['/ok', '/no', '/stop']);
  });

  it('turns a gateway failure into a "try again" and logs what it was for', async () => {
    const { gateway } = fakeGateway('fails');
    await expect(openLinkOrder(deps(gateway), ctx, { ...order, returnPaths: '/r' })).rejects.toBeInstanceOf(ApiError);
    expect(warnings.at(-1)).toMatchObject({ booking: 'B1' });
  });
});

describe('linkWithToken', () => {
  const link = { callback_token_hash: sha256('secret') };
  it('finds the link only with its token', () => {
    expect(linkWithToken(link, 'secret')).toBe(link);
    expect(linkWithToken(link, 'guess')).toBeUndefined();
    expect(linkWithToken(link, undefined)).toBeUndefined();
    expect(linkWithToken(undefined, 'secret')).toBeUndefined();
  });
});

describe('settleFromGateway', () => {
  const link = { reference: 'L1', orderRef: 'ORD1', amount: '125.00', currency: 'AED', linkName: 'test' };
  const settle = async (status: { code: number; text: string } | 'fails') => {
    const applied: LinkEnding[] = [];
    const outcome = await settleFromGateway(fakeGateway(status).gateway, log, link, async (ending) => {
      applied.push(ending);
    });
    return { outcome, applied };
  };

  it('applies PAID and tells the amount', async () => {
    expect(await settle({ code: PaymentStatus.PAID, text: 'Paid' })).toEqual({
      outcome: { kind: 'paid', reference: 'L1', amount: '125.00', currency: 'AED' },
      applied: ['PAID'],
    });
  });

  it('ends a declined, cancelled or expired link, and leaves a pending one', async () => {
    expect((await settle({ code: PaymentStatus.DECLINED, text: 'Declined' })).applied).toEqual(['DECLINED']);
    expect((await settle({ code: PaymentStatus.CANCELED, text: 'Cancelled' })).applied).toEqual(['CANCELLED']);
    expect((await settle({ code: PaymentStatus.EXPIRED, text: 'Expired' })).applied).toEqual(['EXPIRED']);
    expect(await settle({ code: PaymentStatus.PENDING, text: 'Pending' })).toEqual({
      outcome: { kind: 'unpaid', reference: 'L1', statusText: 'Pending' },
      applied: [],
    });
  });

  it('changes nothing when the gateway cannot be asked', async () => {
    expect(await settle('fails')).toEqual({ outcome: { kind: 'unconfirmed', reference: 'L1' }, applied: [] });
    expect(warnings.at(-1)).toMatchObject({ link: 'L1' });
  });
});

describe('settleEach', () => {
  it('settles every link in turn and counts the outcomes asked for', async () => {
    const seen: number[] = [];
    const counted = await settleEach(
      [1, 2, 3],
      async (n) => {
        seen.push(n);
        return n % 2 === 1;
      },
      (odd) => odd,
    );
    expect(seen).toEqual([1, 2, 3]);
    expect(counted).toBe(2);
  });
});
