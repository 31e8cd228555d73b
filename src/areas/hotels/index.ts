// The hotels area: contracted inventory (hotels, rooms, meal plans, room calendars) and its pricing, accommodation
// search merged with the online supplier (integrations/hotels), online bookings, static data, hotel payments.
import type { Area } from '../../platform/area.js';
import { inventoryOperations } from './inventory.operations.js';
import { inventoryRecords } from './inventory.records.js';
import { onlineOperations } from './online.operations.js';
import { staticDataOperations } from './static-data.operations.js';

export function createHotelsArea(): Area {
  return {
    operations: [...inventoryOperations(), ...onlineOperations(), ...staticDataOperations()],
    api: undefined,
    records: { ...inventoryRecords },
  };
}
