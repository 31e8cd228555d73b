// Which hotel and room ids a caller may send (contract §7.1): the contracted inventory is what the tenant sells,
// searched by guests too, so any caller the operation admits may name any hotel or room of the tenant; an id of
// another tenant (or none) is unknown in this tenant's database and answers NOTFOUND.
import type { TenantContext } from '../../../platform/http/operation.js';
import type { RecordId, RecordReaders } from '../../../platform/http/records.js';
import { hotelExists, roomExists } from './inventory.repository.js';

export const inventoryRecords: RecordReaders = {
  hotel: {
    noun: 'Hotel',
    mayRead: (ctx: TenantContext, id: RecordId) => hotelExists(ctx.db, Number(id)),
  },
  hotelRoom: {
    noun: 'Room',
    mayRead: (ctx: TenantContext, id: RecordId) => roomExists(ctx.db, Number(id)),
  },
};
