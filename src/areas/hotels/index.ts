// The hotels area: contracted inventory (hotels, rooms, meal plans, room calendars) and its pricing, accommodation
// search merged with the online supplier (integrations/hotels), online bookings, static data, hotel payments.
import type { HotelSupplier } from '../../integrations/hotels/index.js';
import type { Area } from '../../platform/area.js';
import { onlineSearchWith } from './accommodation-search.online.js';
import { inventoryOperations } from './inventory.operations.js';
import { inventoryRecords } from './inventory.records.js';
import { onlineOperations } from './online.operations.js';
import { staticDataOperations } from './static-data.operations.js';

export interface HotelsAreaDeps {
  /** The online supplier: searchAccommodation's ONLINE results. */
  hotelSupplier: HotelSupplier;
}

export function createHotelsArea(deps: HotelsAreaDeps): Area {
  return {
    operations: [
      ...inventoryOperations(onlineSearchWith(deps.hotelSupplier)),
      ...onlineOperations(),
      ...staticDataOperations(),
    ],
    api: undefined,
    records: { ...inventoryRecords },
  };
}
