// Spreadsheets in and out of group travel: the passenger template, import and export, and the schedule, with the
// sheet reading and writing under them. Leans only on ../groups/.
export { groupSheetOperations } from './group-sheets.operations.js';
