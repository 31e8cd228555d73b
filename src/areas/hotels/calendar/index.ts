// The room calendars (rates and allotment per room, market and date): their operations for the area, and the
// allotment the search takes and releases when a contracted room is booked or cancelled.
export { calendarOperations } from './calendar.operations.js';
export { releaseAllotment, takeAllotment } from './calendar.repository.js';
