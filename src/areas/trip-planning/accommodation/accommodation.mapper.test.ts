// The pure mapper add-accommodation shares: every meal code to the area's board words, exact prices per night in
// currencies of 0, 2 and 3 decimals, and null or empty fields where the supplier says nothing.
import { describe, expect, it } from 'vitest';
import type { HotelOffer } from '../../../integrations/hotels/index.js';
import { accommodationOfferOf, boardTypeOf } from './index.js';

const offer = (overrides: Partial<HotelOffer> = {}): HotelOffer => ({
  offerCode: 'OFF1',
  hotelCode: 'H1',
  hotelName: 'Hotel One',
  cityCode: 'DXB',
  category: '4.5',
  roomTypes: ['Deluxe King'],
  roomBasis: 'BB',
  availability: 'AVAILABLE',
  arrivalDate: '2031-03-10',
  nights: 3,
  totalPrice: '1000.00',
  currency: 'AED',
  cancellationDeadline: null,
  nonRefundable: true,
  ...overrides,
});

describe('accommodation offer mapper', () => {
  it('maps every meal code of the port to a board word; an unknown one is room only', () => {
    const words = ['RO', 'BB', 'CB', 'HB', 'BD', 'FB', 'AI', 'hb', 'XX'].map(boardTypeOf);
    expect(words).toEqual([
      'ROOM_ONLY',
      'BED_AND_BREAKFAST',
      'BED_AND_BREAKFAST',
      'HALF_BOARD',
      'HALF_BOARD',
      'FULL_BOARD',
      'ALL_INCLUSIVE',
      'HALF_BOARD',
      'ROOM_ONLY',
    ]);
  });

  it('answers null and [] where the supplier says nothing, the stay it was priced for, rooms joined', () => {
    expect(accommodationOfferOf(offer({ category: '', roomTypes: ['Twin', 'Twin'] }))).toEqual({
      offerId: 'OFF1',
      hotelId: 'H1',
      hotelName: 'Hotel One',
      chainCode: null,
      starRating: null,
      address: null,
      latitude: null,
      longitude: null,
      roomType: 'Twin + Twin',
      boardType: 'BED_AND_BREAKFAST',
      price: { total: 1000, currency: 'AED', perNight: 333.33 },
      amenities: [],
      checkInDate: '2031-03-10',
      checkOutDate: '2031-03-13',
      nights: 3,
    });
  });

  it('keeps what the supplier gives: stars, chain, amenities, the address before the area', () => {
    const mapped = accommodationOfferOf(
      offer({ chainCode: 'HI', amenities: ['WIFI'], address: '1 Main St', location: 'Deira', latitude: 25.2 }),
    );
    expect(mapped).toMatchObject({ starRating: 4.5, chainCode: 'HI', amenities: ['WIFI'], address: '1 Main St' });
    expect(accommodationOfferOf(offer({ location: 'Deira' })).address).toBe('Deira');
    expect(mapped.latitude).toBe(25.2);
  });

  it('prices per night exactly to the currency minor unit', () => {
    expect(accommodationOfferOf(offer({ totalPrice: '1000', currency: 'JPY', nights: 3 })).price).toEqual({
      total: 1000,
      currency: 'JPY',
      perNight: 333,
    });
    expect(accommodationOfferOf(offer({ totalPrice: '10.001', currency: 'KWD', nights: 2 })).price).toEqual({
      total: 10.001,
      currency: 'KWD',
      perNight: 5.001,
    });
    expect(accommodationOfferOf(offer({ totalPrice: '0.10', nights: 3 })).price.perNight).toBe(0.03);
  });
});
