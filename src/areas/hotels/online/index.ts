// Searches, valuations and bookings at the online supplier (and bookings of contracted rooms, made through the same
// /hotel/online/* operations): the operations for the area, and the booking rows hotel payments settle.
export {
  insertPendingBooking,
  markPaidByCartReference,
  recordSupplierBooking,
} from './hotel-bookings.repository.js';
export { onlineOperations } from './online.operations.js';
