// The accommodation search (contracted rooms priced from their calendars, merged with the online supplier's): its
// operation for the area, and the searches, stay rules, schemas and room taking the online part builds on.
export { onlineResults, onlineSearchWith } from './accommodation-search.online.js';
export { searchAccommodationOperation } from './accommodation-search.operations.js';
export { searchDate, stayOf } from './accommodation-search.rules.js';
export { SearchAccommodationRequest, SearchAccommodationResult, SearchMode } from './accommodation-search.schemas.js';
export {
  type OnlineAccommodationSearch,
  releaseContractedRoom,
  searchAccommodation,
  searchContracted,
  takeContractedRoom,
} from './accommodation-search.service.js';
