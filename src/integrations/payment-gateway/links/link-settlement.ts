// Deciding from the gateway's state of a link's order what becomes of the link, and the round over a tenant's
// open links. What a paid or ended link changes is the caller's: it is passed in.
import type { FastifyBaseLogger } from 'fastify';
import { type OrderCheckResult, type PaymentGateway, PaymentStatus } from '../port.js';

/** How a link ends; a pending (or unknown) state of the order ends nothing. */
export type LinkEnding = 'PAID' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';

const ENDINGS = new Map<number, LinkEnding>([
  [PaymentStatus.PAID, 'PAID'],
  [PaymentStatus.DECLINED, 'DECLINED'],
  [PaymentStatus.CANCELED, 'CANCELLED'],
  [PaymentStatus.EXPIRED, 'EXPIRED'],
]);

export function linkEndingOf(statusCode: number): LinkEnding | undefined {
  return ENDINGS.get(statusCode);
}

/** The gateway's order as a check answers it: its state, and what was paid (amount, currency, reference, test). */
export type CheckedOrder = OrderCheckResult['order'];

/** The gateway's order, or undefined when it could not be asked (logged: the link stays as it is). */
export async function checkedOrderOf(
  gateway: PaymentGateway,
  log: Pick<FastifyBaseLogger, 'warn'>,
  orderRef: string,
  what: { logFields: Record<string, unknown>; linkName: string },
): Promise<CheckedOrder | undefined> {
  try {
    return (await gateway.checkOrder(orderRef)).order;
  } catch (error) {
    log.warn({ err: error, ...what.logFields }, `payment check of a ${what.linkName} link failed`);
    return undefined;
  }
}

/** What a return page shows: unknown when the link or its token was not; an unpaid link that ended says how. */
export type LinkOutcome =
  | { kind: 'unknown' }
  | { kind: 'paid'; reference: string; amount: string; currency: string }
  | { kind: 'unpaid'; reference: string; statusText: string; ending?: Exclude<LinkEnding, 'PAID'> }
  | { kind: 'unconfirmed'; reference: string };

/** A link as settling it is told: its reference, its order, and the amount the payer is told was paid. */
export interface SettledLink {
  reference: string;
  orderRef: string;
  amount: string;
  currency: string;
}

/**
 * Asks the gateway about the link's order and hands an ending, with the order as checked, to `apply` (the area's
 * change, made once there); the outcome follows from the gateway's answer whether or not this call applied it.
 */
export async function settleFromGateway(
  gateway: PaymentGateway,
  log: Pick<FastifyBaseLogger, 'warn'>,
  link: SettledLink & { linkName: string },
  apply: (ending: LinkEnding, order: CheckedOrder) => Promise<void>,
): Promise<LinkOutcome> {
  const { reference } = link;
  const logFields = { link: reference };
  const order = await checkedOrderOf(gateway, log, link.orderRef, { logFields, linkName: link.linkName });
  if (!order) return { kind: 'unconfirmed', reference };
  const { status } = order;
  const ending = linkEndingOf(status.code);
  if (ending) await apply(ending, order);
  return ending === 'PAID'
    ? { kind: 'paid', reference, amount: link.amount, currency: link.currency }
    : { kind: 'unpaid', reference, statusText: status.text, ...(ending ? { ending } : {}) };
}

/** The sweep's round: every open link settled in turn (the oldest first, as given); how many `counts`. */
export async function settleEach<L, O>(
  openLinks: readonly L[],
  settle: (link: L) => Promise<O>,
  counts: (outcome: O) => boolean,
): Promise<number> {
  let settled = 0;
  for (const link of openLinks) {
    if (counts(await settle(link))) settled += 1;
  }
  return settled;
}
