// The group-travel area (contract §3: employees only; §7.5): groups, their passengers, hotels, transport, rooms and
// room assignments, readiness rules, and spreadsheets in and out (passenger template, import, export, schedule).
import type { Area } from '../../platform/area.js';
import { groupSheetOperations } from './group-sheets.operations.js';
import { groupOperations } from './groups.operations.js';

export function createGroupsArea(): Area {
  return {
    operations: [...groupOperations(), ...groupSheetOperations()],
    api: undefined,
  };
}
