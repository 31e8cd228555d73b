// Hotel payments (issue 18, item 6): a payment link for a hotel booking (employees); the gateway's three return
// addresses under /payment/hotel are the payments area's pages of the hotel-booking owner kind.
import type { Job } from '../../../platform/area.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import type { RecordReaders } from '../../../platform/http/records.js';
import type { OwnerPayments, PaymentsApi } from '../../payments/index.js';
import { hotelBookingRecords } from './hotel-payments.records.js';
import { CreateHotelPaymentLinkRequest, HotelPaymentLink } from './hotel-payments.schemas.js';
import { hotelPaymentOwner } from './hotel-payments.service.js';
import { hotelStaff } from '../hotel-policy.js';

const createPaymentLink = (links: OwnerPayments) =>
  operation({
    ...hotelStaff,
    tags: ['hotel'],
    path: '/hotel/booking/createPaymentLink',
    methods: ['POST'],
    summary: "A payment link on the gateway for a hotel booking's total price (contracted or online)",
    description:
      "The gateway order carries a new cart reference, which becomes the booking's cartReference and the `ref` of " +
      'the /payment/hotel/* return addresses. The booking must be CONFIRMED or ON_REQUEST, not PAID, and without ' +
      'another active link (else INVALID_STATE); a link that is cancelled, declined or expired may be followed by ' +
      'a new one. The gateway unreachable: GENERAL.',
    input: CreateHotelPaymentLinkRequest,
    response: HotelPaymentLink,
    records: { bookingId: 'hotelBooking' },
    handler: async (ctx, input) => {
      const link = await links.createLink(ctx, input.bookingId);
      return { bookingId: input.bookingId, cartReference: link.reference, ...link };
    },
  });

/** The operations of hotel payments (the link, and the return pages the payments area serves), the record kind
 * they read (hotelBooking) and a round of the kind's links. */
export function hotelPaymentsPart(payments: PaymentsApi): {
  operations: OperationDeclaration[];
  records: RecordReaders;
  jobs: Job[];
} {
  const links = payments.registerOwner(hotelPaymentOwner);
  return {
    operations: [createPaymentLink(links), ...links.operations],
    records: hotelBookingRecords,
    jobs: [links.roundJob('hotel payment links')],
  };
}
