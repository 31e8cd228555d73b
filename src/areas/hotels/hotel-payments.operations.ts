// Hotel payments (issue 18, item 6): a payment link for a hotel booking (employees) and the gateway's three return
// addresses under /payment/hotel (anyone: the `ref` and its `t` are the key, contract §3).
import { type Job, sweepJob } from '../../platform/area.js';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import type { RecordReaders } from '../../platform/http/records.js';
import { createHotelPaymentPages, type HotelPaymentPages } from './hotel-payments.pages.js';
import { hotelBookingRecords } from './hotel-payments.records.js';
import { CreateHotelPaymentLinkRequest, HotelPaymentLink, HotelRedirectQuery, Html } from './hotel-payments.schemas.js';
import {
  createHotelPayments,
  type HotelPayments,
  type HotelPaymentsDeps,
  RETURN_PATHS,
} from './hotel-payments.service.js';
import { createHotelLinkReconciler } from './hotel-payments.settlement.js';
import { hotelStaff } from './hotel-policy.js';

export interface HotelPaymentServices {
  payments: HotelPayments;
  pages: HotelPaymentPages;
}

const createPaymentLink = ({ payments }: HotelPaymentServices) =>
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
    handler: (ctx, input) => payments.createLink(ctx, input.bookingId),
  });

const paymentReturn =
  (path: string, after: string) =>
  ({ payments, pages }: HotelPaymentServices) =>
    operation({
      allow: Allow.anyone,
      tags: ['payment redirects'],
      path,
      methods: ['GET'],
      summary: `The gateway sends the payer of a hotel booking's link here ${after}`,
      description:
        "With the link's `t`: the gateway is asked for the order's status, and the link takes it once, whichever of " +
        "the three addresses was opened: paid confirms the booking's payment (PAID) by its cart reference; cancelled " +
        'makes it CANCELLED_PAYMENT, declined DECLINED (the booking stays). Pages: templates hotel-success ' +
        '(customerName, cartReference), hotel-cancel and hotel-decline (cartReference). Without a valid `t`: a page ' +
        'naming the reference only, nothing changes.',
      input: HotelRedirectQuery,
      response: Html,
      handler: async (ctx, input) => pages.page(ctx, input.ref, await payments.settle(ctx, input.ref, input.t)),
    });

export function hotelPaymentOperations(services: HotelPaymentServices): OperationDeclaration[] {
  return [
    createPaymentLink,
    paymentReturn(RETURN_PATHS.success, 'after paying'),
    paymentReturn(RETURN_PATHS.cancel, 'after cancelling'),
    paymentReturn(RETURN_PATHS.decline, 'after a decline'),
  ].map((declare) => declare(services));
}

/** What hotel payments need from the composition root: the gateway and its settings, where templates live, and
 * what the reconciliation sweep visits tenants with. */
export type HotelPaymentSettings = HotelPaymentsDeps &
  Parameters<typeof createHotelLinkReconciler>[0] & {
    dataDir: string;
  };

/** The operations of hotel payments, the record kind they read (hotelBooking) and the reconciliation job. */
export function hotelPaymentsPart(settings: HotelPaymentSettings): {
  operations: OperationDeclaration[];
  records: RecordReaders;
  jobs: Job[];
} {
  const services = { payments: createHotelPayments(settings), pages: createHotelPaymentPages(settings) };
  return {
    operations: hotelPaymentOperations(services),
    records: hotelBookingRecords,
    jobs: [sweepJob('hotel payment links', createHotelLinkReconciler(settings))],
  };
}
