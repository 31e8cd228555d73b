// Payment links, the gateway's side (used by the payments area, src/areas/payments/): the gateway order with
// token-bearing return addresses, the token check of a return, the gateway's answer read as the link's ending, and
// the round over open links. Which links there are and what a payment changes is the payments area's.
export { type LinkOrder, type LinkOrderDeps, linkWithToken, openLinkOrder } from './link-order.js';
export {
  type CheckedOrder,
  checkedOrderOf,
  type LinkEnding,
  linkEndingOf,
  type LinkOutcome,
  type SettledLink,
  settleEach,
  settleFromGateway,
} from './link-settlement.js';
