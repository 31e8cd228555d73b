// What becomes of a link once the gateway knows, the one settlement path of every owner kind: the gateway's state of
// the order is asked (never taken from the return address), and an ending is applied once, in one transaction under
// the owner's lock: the link moves (a conditional statement; a repeat or a concurrent settlement moves nothing) and
// the owner's onPaid / onDeclined / onCancelled / onExpired changes the owner. Asked when the payer returns with the
// link's token, and by the reconciler for links whose payer never came back. A payment is taken only when the
// gateway's order pays exactly this link (its reference, currency and amount; a test payment only in test mode):
// anything else is refused, logged, and the link stays open.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql, TransactionSql } from '../../platform/database/connections.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import {
  type CheckedOrder,
  type LinkEnding,
  type LinkOutcome,
  linkWithToken,
  settleEach,
  settleFromGateway,
} from '../../integrations/payment-gateway/links/index.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import * as links from './links.repository.js';
import type { OwnerLink, OwnerScope, PaymentOwner } from './owners.js';

/** A request's context, or a reconciler's: the tenant's database, the time, where to log. */
export interface SettleScope {
  tenant: TenantRecord;
  db: Sql;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * What a return page shows; failedAfterPayment: the gateway took the money and recording it failed (logged);
 * refused: the gateway's paid order does not pay this link (reason: a sentence for the payer).
 */
export type PageOutcome =
  | LinkOutcome
  | { kind: 'failedAfterPayment'; reference: string }
  | { kind: 'refused'; reference: string; reason: string };

/** Why the gateway's paid order cannot pay the link, if it cannot. */
function mismatch(link: links.LinkRow, order: CheckedOrder, testPayments: boolean): string | undefined {
  if (order.cartId !== link.link_reference) return 'the payment is for another order';
  if (order.currency !== link.currency) return 'the payment is in another currency';
  if (toMinor(order.amount, link.currency) !== toMinor(link.amount, link.currency)) return 'the amount paid differs';
  if (order.test === 1 && !testPayments) return 'a test payment cannot pay a live order';
  return undefined;
}

const ownerLinkOf = (link: links.LinkRow): OwnerLink => ({
  linkId: link.link_id,
  ownerId: link.owner_id,
  reference: link.link_reference,
  amount: link.amount,
  currency: link.currency,
  orderRef: link.gateway_order_ref,
  paymentUrl: link.payment_url,
  expiresAt: link.expires_at,
});

/** What follows a payment in its settling transaction, after the owner's onPaid (the payer's confirmation). */
export type AfterPaid = (tx: TransactionSql, owner: PaymentOwner, link: OwnerLink, scope: OwnerScope) => Promise<void>;

async function applyEnding(
  scope: SettleScope,
  owner: PaymentOwner,
  link: links.LinkRow,
  ending: LinkEnding,
  afterPaid: AfterPaid | undefined,
) {
  await withTransaction(scope, async (tx, afterCommit) => {
    if (!(await owner.lock(tx, link.owner_id))) return;
    if (!(await links.settleLink(tx, link.link_id, ending, scope.now))) return;
    const settled = ownerLinkOf(link);
    const within = { ...scope, afterCommit };
    if (ending === 'PAID') {
      await owner.onPaid(tx, settled, within);
      await afterPaid?.(tx, owner, settled, within);
    } else if (ending === 'DECLINED') await owner.onDeclined?.(tx, settled, within);
    else if (ending === 'CANCELLED') await owner.onCancelled?.(tx, settled, within);
    else await owner.onExpired?.(tx, settled, within);
  });
}

export function createSettlement(deps: {
  paymentGateway: PaymentGateway;
  /** Whether test payments are taken (the gateway runs in test mode); left out, they are (tests' own settlements). */
  testPayments?: boolean;
  /** Run after each payment's onPaid, in its transaction (the area's: the payer's confirmation e-mail). */
  afterPaid?: AfterPaid;
}) {
  const testPayments = deps.testPayments ?? true;
  async function settle(scope: SettleScope, owner: PaymentOwner, link: links.LinkRow): Promise<PageOutcome> {
    let applying: LinkEnding | undefined;
    let refused: string | undefined;
    const told = {
      reference: link.link_reference,
      orderRef: link.gateway_order_ref,
      // the payer is told the amount in the currency's own decimals (the column keeps three)
      amount: minorToDecimalString(toMinor(link.amount, link.currency), link.currency),
      currency: link.currency,
      linkName: owner.noun.toLowerCase(),
    };
    try {
      const outcome = await settleFromGateway(deps.paymentGateway, scope.log, told, async (ending, order) => {
        refused = ending === 'PAID' ? mismatch(link, order, testPayments) : undefined;
        if (refused) {
          scope.log.warn({ link: link.link_reference, problem: refused }, 'payment refused');
          return;
        }
        applying = ending;
        await applyEnding(scope, owner, link, ending, deps.afterPaid);
      });
      if (refused) {
        return {
          kind: 'refused',
          reference: link.link_reference,
          reason: `The payment cannot be accepted: ${refused}.`,
        };
      }
      return outcome;
    } catch (error) {
      if (applying !== 'PAID') throw error;
      // the payment stands at the gateway: the next round (or the payer's next visit) records it
      scope.log.error({ err: error, link: link.link_reference }, 'a paid payment link could not be recorded');
      return { kind: 'failedAfterPayment', reference: link.link_reference };
    }
  }

  return {
    settle,

    /** The return address: with the link's token, the gateway's state of the order is applied; else nothing. */
    async settleReturn(scope: SettleScope, owner: PaymentOwner, reference: string, token: string | undefined) {
      const link = linkWithToken(await links.selectLink(scope.db, owner.kind, reference), token);
      if (!link) return { outcome: { kind: 'unknown' } as const, ownerId: undefined };
      return { outcome: await settle(scope, owner, link), ownerId: link.owner_id };
    },

    /** One round over the open links of these owner kinds; how many ended (paid, or unpaid for good). */
    async reconcile(
      scope: SettleScope,
      owners: ReadonlyMap<string, PaymentOwner>,
      options: { minAgeSeconds?: number } = {},
    ): Promise<number> {
      const open = await links.selectOpenLinks(scope.db, [...owners.keys()], scope.now, options.minAgeSeconds);
      return settleEach(
        open.flatMap((link) => {
          const owner = owners.get(link.owner_kind);
          return owner ? [{ link, owner }] : [];
        }),
        ({ link, owner }) => settle(scope, owner, link),
        (outcome) => outcome.kind === 'paid' || (outcome.kind === 'unpaid' && outcome.ending !== undefined),
      );
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
