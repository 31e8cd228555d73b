// Live availability: the supplier asked through a 60 s, single-flight copy per node, and its answers in the
// specification's shapes.
export { createLiveOffers, KEEP_MS, type LiveOffers } from './live-offers.js';
export { toAvailability, toTimeslots } from './offer.view.js';
