// The group-travel area (contract §3: employees only; §7.5): groups, their passengers, hotels, transport, rooms and
// room assignments, readiness rules, and spreadsheets in and out (passenger template, import, export, schedule).
// Tables: groups, group_pax, group_hotels, group_transport, group_rooms, group_room_pax (db/tenant/0033_groups.sql).
import type { Area } from '../../platform/area.js';
import type { CustomersApi } from '../customers/index.js';
import { groupSheetOperations } from './group-sheets.operations.js';
import { groupOperations } from './groups.operations.js';
import { groupRecords } from './groups.records.js';
import { createGroupService } from './groups.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'groups',
    description: 'Group travel for employees: groups, passengers, hotels, transport, rooms, spreadsheets in and out',
  },
];

export interface GroupsAreaDeps {
  /** A group's partner is a customer record. */
  customers: Pick<CustomersApi, 'findById'>;
}

export function createGroupsArea(deps: GroupsAreaDeps): Area {
  return {
    tags: TAGS,
    operations: [...groupOperations(createGroupService(deps)), ...groupSheetOperations()],
    api: undefined,
    records: groupRecords,
  };
}
