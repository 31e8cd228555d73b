// /tripmaker/accommodation/search: hotel offers of the online-hotel port for a stay (employees, contract §3).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { employeePolicy } from '../trip.shared.js';
import { AccommodationOffer, AccommodationSearchRequest } from './accommodation.schemas.js';
import type { AccommodationService } from './accommodation.service.js';

const search = (accommodation: AccommodationService) =>
  operation({
    ...employeePolicy,
    path: '/tripmaker/accommodation/search',
    methods: ['POST'],
    summary: "Hotel offers for a stay in a city, priced in the tenant's currency, cheapest first",
    description:
      'Through the online-hotel supplier (the simulator by default; TC_HOTELS=goglobal or amadeus). checkInDate ' +
      "before the tenant's today, checkOutDate not after checkInDate or more than 30 nights later, roomQuantity " +
      'above adults: INVALID_FORMAT naming the parameter. The supplier failing or not answering in time: API_ERROR. ' +
      'Each offer carries the stay it was priced for (checkInDate, checkOutDate, nights) for add-accommodation.',
    input: AccommodationSearchRequest,
    response: Type.Array(AccommodationOffer),
    stopsWhenClientLeaves: true,
    handler: (ctx, input) => accommodation.search(ctx, input),
  });

export function accommodationOperations(accommodation: AccommodationService): OperationDeclaration[] {
  return [search(accommodation)];
}
