// The hotels area: contracted inventory (hotels, rooms, meal plans, room calendars) and its pricing, accommodation
// search merged with the online supplier (integrations/hotels), online bookings, static data, hotel payments.
// One sub-folder per part, each reached through its index.ts, each leaning only on the ones before it: inventory/,
// calendar/, search/ (with the pricing rules), online/ (with the hotel bookings), payments/; static-data/ stands alone.
// hotel-policy.ts, who may call the staff operations, is shared by all. This file composes them and is the only face
// other areas and the service see.
import type { HotelSupplier } from '../../integrations/hotels/index.js';
import type { Area } from '../../platform/area.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import type { PaymentsApi } from '../payments/index.js';
import { calendarOperations } from './calendar/index.js';
import { inventoryOperations, inventoryRecords } from './inventory/index.js';
import { onlineOperations } from './online/index.js';
import { hotelPaymentsPart } from './payments/index.js';
import { onlineSearchWith, searchAccommodationOperation } from './search/index.js';
import { staticDataOperations } from './static-data/index.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'hotel inventory',
    description: 'Contracted hotels, rooms, meal plans and room calendars with their rates (employees)',
  },
  {
    name: 'hotel',
    description: 'Accommodation search (contracted and online), online hotel bookings, static data, hotel payments',
  },
];

// The static-data import, for the command line (scripts/hotels-import.ts) and the bench: the same merge as the operation.
export {
  fixtureLines as sampleStaticDataLines,
  type ImportReport,
  ImportRefused,
  importStaticData,
} from './static-data/index.js';

export interface HotelsAreaDeps {
  /** The online supplier: searchAccommodation's ONLINE results. */
  hotelSupplier: HotelSupplier;
  /** Where a hotel booking registers as an owner of payment links. */
  payments: PaymentsApi;
}

export function createHotelsArea(deps: HotelsAreaDeps): Area {
  const payments = hotelPaymentsPart(deps.payments);
  return {
    tags: TAGS,
    operations: [
      ...inventoryOperations(),
      ...calendarOperations(),
      searchAccommodationOperation(onlineSearchWith(deps.hotelSupplier)),
      ...onlineOperations(deps),
      ...staticDataOperations(),
      ...payments.operations,
    ],
    api: undefined,
    records: { ...inventoryRecords, ...payments.records },
    jobs: payments.jobs,
  };
}
