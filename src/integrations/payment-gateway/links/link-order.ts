// Opening a payment link's gateway order, the same for every area that takes payments by link: the payer is sent
// back with the link's reference and a random token whose hash alone is kept, so only the payer's browser can
// settle the link from a return address. The gateway's refusal becomes a "try again" the caller can show.
import { timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from '../../../platform/crypto.js';
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { type CreatedOrder, type CreateOrderRequest, type PaymentGateway, PaymentGatewayError } from '../port.js';

/** What every link-taking area is given to open gateway orders. */
export interface LinkOrderDeps {
  paymentGateway: PaymentGateway;
  testPayments: boolean;
  /** The tenant's public base URL: the host of the return addresses. */
  tenantUrl: (tenantCode: string) => string;
}

/** What differs per area: the order's reference, amount and words, and where the payer comes back. */
export interface LinkOrder
  extends Pick<CreateOrderRequest, 'amountMinor' | 'currency' | 'description' | 'customer' | 'device'> {
  /** The link's reference: the gateway's cart reference and the `ref` of the return address. */
  reference: string;
  /** One return path for every outcome, or one each. */
  returnPaths: string | { authorised: string; declined: string; cancelled: string };
  /** What the warning of a refused order names (the area's record). */
  logFields: Record<string, unknown>;
}

/** The gateway's order, and the hash of the token its return addresses carry (to keep with the link). */
export async function openLinkOrder(
  deps: LinkOrderDeps,
  ctx: Pick<TenantContext, 'tenant' | 'log'>,
  order: LinkOrder,
): Promise<{ created: CreatedOrder; tokenHash: Buffer }> {
  const token = randomToken(24);
  const back = (path: string) =>
    `${deps.tenantUrl(ctx.tenant.tenantCode)}${path}?ref=${encodeURIComponent(order.reference)}&t=${token}`;
  const paths = order.returnPaths;
  try {
    const created = await deps.paymentGateway.createOrder({
      cartRef: order.reference,
      amountMinor: order.amountMinor,
      currency: order.currency,
      description: order.description,
      customer: order.customer,
      returnUrls:
        typeof paths === 'string'
          ? { authorised: back(paths), declined: back(paths), cancelled: back(paths) }
          : { authorised: back(paths.authorised), declined: back(paths.declined), cancelled: back(paths.cancelled) },
      test: deps.testPayments,
      device: order.device,
    });
    return { created, tokenHash: sha256(token) };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    ctx.log.warn({ err: error, ...order.logFields }, 'payment gateway refused or unreachable');
    throw new ApiError(ErrorCode.GENERAL, 'The payment gateway is not available; try again shortly');
  }
}

/** The link a return address names, when it carries the link's token; else undefined (nothing is told). */
export function linkWithToken<L extends { callback_token_hash: Buffer }>(
  link: L | undefined,
  token: string | undefined,
): L | undefined {
  if (!link || !token) return undefined;
  const hash = sha256(token);
  const stored = link.callback_token_hash;
  return hash.length === stored.length && timingSafeEqual(hash, stored) ? link : undefined;
}
