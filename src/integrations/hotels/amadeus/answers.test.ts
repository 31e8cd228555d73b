// Amadeus's hotel answers read tolerantly: the next page only of the same operation, the free-cancellation day from
// the first penalty's deadline, sellingTotal when total is missing, an offer without id or price left out, every
// boardType word to a meal code.
import { describe, expect, it } from 'vitest';
import { type ListedHotel, offerOf, offersOf } from './answers.js';
import { HOTEL_LIST_PATH, nextListCall, roomBasisOf } from './calls.js';

const stay = { arrivalDate: '2031-05-01', nights: 2 };
const hotel = { hotelId: 'ZZPAR001', name: 'HOTEL', cityCode: 'PAR' };
const priced = (overrides: object = {}) => ({
  id: 'OFFER1',
  price: { currency: 'EUR', total: '200.00' },
  ...overrides,
});

describe('Amadeus hotel answers', () => {
  it('follow a next link only to the hotel list, with its query, whatever host it names', () => {
    expect(
      nextListCall(
        'http://test.api.amadeus.com/reference-data/locations/hotels/by-city?cityCode=PAR&page%5Boffset%5D=10',
      ),
    ).toEqual({ method: 'GET', path: HOTEL_LIST_PATH, query: { cityCode: 'PAR', 'page[offset]': '10' } });
    expect(nextListCall('https://evil.example/v1/reference-data/locations/hotels/by-city?cityCode=PAR')?.path).toBe(
      HOTEL_LIST_PATH,
    );
    expect(nextListCall('https://test.api.amadeus.com/v1/security/oauth2/token')).toBeUndefined();
    expect(nextListCall(undefined)).toBeUndefined();
  });

  it('take the day before a penalty starting at midnight as the last free day, the earliest penalty first', () => {
    const policies = {
      cancellations: [{ deadline: '2031-04-28T00:00:00' }, { deadline: '2031-04-25T00:00:00+02:00' }],
    };
    expect(offerOf(hotel, priced({ policies }), undefined, stay)?.cancellationDeadline).toBe('2031-04-24');
    const later = { cancellations: [{ deadline: '2031-04-28T18:00:00' }] };
    expect(offerOf(hotel, priced({ policies: later }), undefined, stay)).toMatchObject({
      cancellationDeadline: '2031-04-28',
      nonRefundable: false,
    });
  });

  it('price by sellingTotal without total, and leave out an offer without id, price or currency', () => {
    const selling = priced({ price: { currency: 'EUR', sellingTotal: '210.50' } });
    expect(offerOf(hotel, selling, undefined, stay)?.totalPrice).toBe('210.50');
    const listed = new Map<string, ListedHotel>();
    const answer = {
      data: [
        {
          hotel,
          available: true,
          offers: [priced(), priced({ id: undefined }), priced({ price: { total: '1' } }), priced({ price: {} }), 'x'],
        },
      ],
    };
    const request = { cityCode: 'PAR', ...stay, rooms: [{ adults: 1, childAges: [] }], currency: 'EUR' };
    expect(offersOf(answer, listed, request)).toMatchObject({ offers: [{ offerCode: 'OFFER1' }], dropped: 4 });
    expect(offersOf({ data: 'nothing' }, listed, request)).toEqual({ offers: [], dropped: 0 });
  });

  it('map every boardType word of HotelSearch_v3 to a meal code', () => {
    const words = ['ROOM_ONLY', 'BREAKFAST', 'HALF_BOARD', 'FULL_BOARD', 'ALL_INCLUSIVE', 'BUFFET_BREAKFAST'];
    const more = ['CARIBBEAN_BREAKFAST', 'CONTINENTAL_BREAKFAST', 'ENGLISH_BREAKFAST', 'FULL_BREAKFAST'];
    const rest = ['DINNER_BED_AND_BREAKFAST', 'LUNCH', 'DINNER', 'FAMILY_PLAN', 'AS_BROCHURED', 'SELF_CATERING'];
    const plans = ['BERMUDA', 'AMERICAN', 'FAMILY_AMERICAN', 'MODIFIED', undefined];
    expect([...words, ...more, ...rest, ...plans].map(roomBasisOf).join(' ')).toBe(
      'RO BB HB FB AI BB BB CB BB BB HB RO BD RO RO RO BB FB FB HB RO',
    );
  });
});
