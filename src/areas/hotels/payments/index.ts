// Hotel payments: a hotel booking as an owner of payment links (the payments area's), with its operation, records
// and jobs for the area.
export { hotelPaymentsPart } from './hotel-payments.operations.js';
