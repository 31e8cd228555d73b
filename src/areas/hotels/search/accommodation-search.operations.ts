// /hotel/searchAccommodation: guest sessions and above (contract §7.5); the cost view (context config) for
// employees only.
import { Allow } from '../../../platform/auth/roles.js';
import { operation } from '../../../platform/http/operation.js';
import { SearchAccommodationRequest, SearchAccommodationResult } from './accommodation-search.schemas.js';
import { type OnlineAccommodationSearch, searchAccommodation } from './accommodation-search.service.js';

export const searchAccommodationOperation = (online: OnlineAccommodationSearch | undefined) =>
  operation({
    allow: Allow.anySession,
    sessionParameter: 'optional',
    tags: ['hotel'],
    path: '/hotel/searchAccommodation',
    methods: ['POST'],
    summary: 'Rooms for a stay: contracted (resultSource DIRECT) and online (ONLINE), priced for the party',
    description:
      'checkin and checkout are dd/MM/yyyy (tenant dates): checkin not in the past, checkout after it, at most 30 ' +
      'nights, else INVALID_FORMAT. A contracted room is offered when its calendar (market: the given one, else ' +
      "the tenant's) has an entry for every night, none on stop sale, inside each entry's booking window and its " +
      'minimum stay (mlos; sdmlos when a night is a special day), and the party fits (adults up to maxAdults, ' +
      'guests up to maxOccupancy, one more with an extra bed; children sorted by childAges against the hotel’s ' +
      'infant and child limits, infants free). It is onRequest (available false) when a night has no room left ' +
      'but is sold on request, or check-in falls inside the hotel’s release days. Prices: per night by rateBase ' +
      '(ROOM: baseRate; PAX: adultRate and childRate per person; PCT rate types are percentages), special-day ' +
      'rates on special days, the extra bed, the meal supplement of the plan asked for (the entry’s ' +
      'mealSupplements per person, else the difference of the hotel’s plan costs; a plan below the included one ' +
      'is not sold), the hotel’s fees per night, then its margin. maxBudget bounds totalPrice. context config ' +
      '(employees; others FORBIDDEN) adds costPrice, margin, marginType and marginValue. searchMode restricts ' +
      'the answer to contracted or online results.',
    input: SearchAccommodationRequest,
    records: { hotelId: 'hotel', roomId: 'hotelRoom' },
    response: SearchAccommodationResult,
    handler: (ctx, input) => searchAccommodation(ctx, input, online),
  });
