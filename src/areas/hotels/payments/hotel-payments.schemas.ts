// Requests and answers of hotel payments: the payment link of a hotel booking and the gateway's return pages.
import { type Static, Type } from '@sinclair/typebox';
import { RecordId } from '../../../platform/http/schema.js';

export const CreateHotelPaymentLinkRequest = Type.Object({
  bookingId: RecordId('The hotel booking (hotelBookingId)'),
});

export const HotelPaymentLink = Type.Object({
  bookingId: Type.Integer(),
  cartReference: Type.String({
    description: "The gateway order's cart reference: the `ref` of /payment/hotel/*, and the booking's cartReference",
  }),
  paymentUrl: Type.String({ description: "The gateway's payment page" }),
  amount: Type.Number({ description: "The booking's total price" }),
  currency: Type.String(),
  expiresAt: Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
    description: "Until when the link may be paid (yyyy-MM-ddTHH:mm:ss, the tenant's time)",
  }),
});
export type HotelPaymentLink = Static<typeof HotelPaymentLink>;
