// Making a payment link, the one way for every owner kind: the owner says what the link takes (amountOf); the
// gateway order is opened outside any transaction (no gateway order for an owner that cannot take one: checked
// first without a lock); the link is recorded under the owner's lock, where what the owner takes is asked again and
// a link made meanwhile is seen (read after the lock) and refused. The one-ACTIVE-link index is the last guard.
import { loggedInUserId } from '../../platform/auth/session.js';
import { randomToken } from '../../platform/crypto.js';
import { PgCode, pgErrorCode, type Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import { type LinkOrderDeps, openLinkOrder } from '../../integrations/payment-gateway/links/index.js';
import * as links from './links.repository.js';
import { type Payable, type PaymentOwner, returnPathsOf } from './owners.js';

export interface CreateDeps extends LinkOrderDeps {
  /** How long a payment link stays payable (the gateway's setting). */
  linkMinutes: number;
}

/** A link made, as the owners' createPaymentLink operations answer it (expiresAt in the tenant's time). */
export interface CreatedLink {
  reference: string;
  paymentUrl: string;
  amount: number;
  currency: string;
  expiresAt: string;
}

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);
const alreadyLinked = (payable: Payable) => refused(`${payable.name} already has an active payment link`);

async function payableNow<R>(owner: PaymentOwner<R>, db: Queryable, id: number, now: Date, request?: R) {
  const payable = await owner.amountOf(db, id, now, request);
  if (!payable) throw notFound(owner.noun);
  if (payable.amountMinor <= 0) throw refused(`${payable.name} has nothing to pay`);
  if (await links.hasActiveLink(db, owner.kind, id, now)) throw alreadyLinked(payable);
  return payable;
}

export async function createLink<R>(
  deps: CreateDeps,
  owner: PaymentOwner<R>,
  ctx: TenantContext,
  ownerId: number,
  request?: R,
): Promise<CreatedLink> {
  const first = await payableNow(owner, ctx.db, ownerId, ctx.now, request);
  const reference = first.reference ?? `${first.referencePrefix}-${randomToken(6)}`;
  const { created, tokenHash } = await openLinkOrder(deps, ctx, {
    reference,
    amountMinor: first.amountMinor,
    currency: first.currency,
    description: `${ctx.tenant.tenantName} ${first.description}`,
    customer: first.customer,
    device: first.device,
    returnPaths: returnPathsOf(owner.returns),
    logFields: { [owner.kind]: ownerId },
  });
  const expiresAt = new Date(ctx.now.getTime() + deps.linkMinutes * 60_000);
  try {
    await withTransaction(ctx, async (tx, afterCommit) => {
      if (!(await owner.lock(tx, ownerId, request))) throw notFound(owner.noun);
      await links.expireLinks(tx, owner.kind, ownerId, ctx.now);
      // paid, linked or repriced meanwhile: this link is refused (its gateway order is left unpaid)
      const payable = await payableNow(owner, tx, ownerId, ctx.now, request);
      if (payable.amountMinor !== first.amountMinor || payable.currency !== first.currency) {
        throw refused(`${payable.name} changed while its link was made; make the link again`);
      }
      const amount = minorToDecimalString(first.amountMinor, first.currency);
      const linkId = await links.insertLink(tx, {
        owner_kind: owner.kind,
        owner_id: ownerId,
        link_reference: reference,
        gateway_order_ref: created.orderRef,
        payment_url: created.paymentUrl,
        amount,
        currency: first.currency,
        callback_token_hash: tokenHash,
        expires_at: expiresAt,
        created_at: ctx.now,
        created_by: loggedInUserId(ctx.session),
      });
      const linked = { linkId, ownerId, reference, amount, currency: first.currency };
      const gatewayOrder = { orderRef: created.orderRef, paymentUrl: created.paymentUrl, expiresAt };
      const scope = { tenant: ctx.tenant, now: ctx.now, log: ctx.log, afterCommit };
      await owner.onLinked?.(tx, { ...linked, ...gatewayOrder }, scope, request);
    });
  } catch (error) {
    // an owner whose lock does not cover every path to a link: the index refuses the second one
    if (pgErrorCode(error) === PgCode.uniqueViolation) throw alreadyLinked(first);
    throw error;
  }
  return {
    reference,
    paymentUrl: created.paymentUrl,
    amount: fromMinor(first.amountMinor, first.currency),
    currency: first.currency,
    expiresAt: formatDateTime(expiresAt, ctx.tenant.timezone),
  };
}
