// The contracted inventory (hotels, rooms, meal plans): its operations and records for the area, and the schema
// parts and name matching the calendar, the search and the online bookings build on.
export { inventoryOperations } from './inventory.operations.js';
export { inventoryRecords } from './inventory.records.js';
export { substringPattern } from './inventory.rules.js';
export { Amount, type Hotel, Id, MealPlanCode, type Room } from './inventory.schemas.js';
