// Payment links, the part every link-taking area shares (bookings, visa invoices, hotel bookings): the gateway
// order with token-bearing return addresses, the token check of a return, the gateway's answer read as the
// link's ending, the sweep's round, and the simple return page. Each area keeps its SQL and what a payment changes.
export { type LinkOrder, type LinkOrderDeps, linkWithToken, openLinkOrder } from './link-order.js';
export type { NewPaymentLink, PaymentLinkRow } from './link-rows.js';
export {
  gatewayAnswered,
  type LinkEnding,
  linkEndingOf,
  type LinkOutcome,
  type LinkScope,
  type OrderStatus,
  orderStatusOf,
  type SettledLink,
  settleEach,
  settleFromGateway,
} from './link-settlement.js';
export { linkReturnPage } from './return-page.js';
export { createLinkSweep } from './link-sweep.js';
