// The hotel area's static data (the online supplier's countries, cities and hotels): its operations and the file
// import, which the area's index.ts also offers to the command line and the bench.
export { fixtureLines } from './static-data.fixture.js';
export { type ImportReport, ImportRefused, importStaticData } from './static-data.import.js';
export { staticDataOperations } from './static-data.operations.js';
