// The group-travel area (contract §3: employees only; §7.5): groups, their passengers, hotels, transport, rooms and
// room assignments, readiness rules, and spreadsheets in and out (passenger template, import, export, schedule).
// Tables: groups, group_pax, group_hotels, group_transport, group_rooms, group_room_pax (db/tenant/0033_groups.sql).
// Sub-folders, each reached through its index.ts: groups/ (the core: groups, passengers, their rules, reads and
// writes), stays/ (hotels, transport, rooms) and sheets/ (spreadsheets in and out), both leaning only on groups/.
// groups.operations.ts declares the operations of groups/ and stays/; this file composes them.
import type { Area } from '../../platform/area.js';
import type { CustomersApi } from '../customers/index.js';
import { groupSheetOperations } from './sheets/index.js';
import { groupOperations } from './groups.operations.js';
import { createGroupService, groupRecords } from './groups/index.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import type { SpreadsheetImports } from '../../platform/spreadsheets/index.js';

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
  /** The node's spreadsheet imports: the passenger import reads its files through them. */
  spreadsheets: SpreadsheetImports;
}

export function createGroupsArea(deps: GroupsAreaDeps): Area {
  return {
    tags: TAGS,
    operations: [...groupOperations(createGroupService(deps)), ...groupSheetOperations(deps.spreadsheets)],
    api: undefined,
    records: groupRecords,
  };
}
