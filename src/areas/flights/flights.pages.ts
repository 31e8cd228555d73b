// A page of a kept search's offers, individual or grouped by itinerary (pages of at most 20 offers, from 1).
import { groupOrder, isoDuration, durationSeconds, pageOf } from './flights.rules.js';
import type { Offer, OfferGroup, OfferSet } from './flights.schemas.js';

/** The flights of an offer: carrier, number and local departure date of every segment of every itinerary. */
export function itineraryKey(offer: Offer): string {
  return offer.itineraries
    .map((itinerary) =>
      itinerary.segments
        .map((segment) => `${segment.carrierCode}${segment.flightNumber}@${segment.departureTime.slice(0, 10)}`)
        .join('/'),
    )
    .join('|');
}

const totalDuration = (offer: Offer): number =>
  offer.itineraries.reduce((sum, itinerary) => sum + durationSeconds(itinerary.duration), 0);

/**
 * Grouped (1): the offers in group order (a group where its best offer stands, its other offers right after it),
 * paged like individual ones; `offerGroups` describes the groups with offers on the page, each with its offers of
 * the page (a group may continue on the next page; offerCount tells its size).
 */
export function offerSetPage(searchId: string, offers: readonly Offer[], grouping: number, page: number): OfferSet {
  const base = { searchId, pageId: page, totalRes: offers.length };
  if (grouping !== 1) return { ...base, groupType: 0, offers: pageOf(offers, page), offerGroups: null };
  const groups = groupOrder(offers, itineraryKey);
  const pageOffers = pageOf(
    groups.flatMap((group) => group.members),
    page,
  );
  const onPage = new Set(pageOffers.map((offer) => offer.id));
  const offerGroups: OfferGroup[] = groups
    .filter((group) => group.members.some((offer) => onPage.has(offer.id)))
    .map(({ key, members }) => {
      const [first] = members;
      return {
        groupId: key,
        currency: first?.currency ?? '',
        lowestGrandTotal: Math.min(...members.map((offer) => offer.grandTotal)),
        duration: isoDuration(first ? totalDuration(first) : 0),
        offerCount: members.length,
        offerIds: members.filter((offer) => onPage.has(offer.id)).map((offer) => offer.id),
      };
    });
  return { ...base, groupType: 1, offers: pageOffers, offerGroups };
}
