// The tickets of a booking made the real way: a paid order, /booking/create (no tickets yet: [] and the "being
// issued" page), /booking/confirm (own tickets and supplier vouchers), then getTickets, the published key, the
// page, the PDF and check-in, all on what the ticketing wrote.
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../../test/support/api.js';
import { staffPaidOrder } from '../../../../test/support/bookings.js';
import { guest, product, type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { readPdf } from '../../../../test/support/pdf.js';
import { readQr } from '../../../../test/support/qr.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { BookingRequest } from '../bookings.schemas.js';
import type { CheckinAnswer, TicketConfirmation, TicketKeyAnswer } from './tickets.schemas.js';

let t: TestTenant;
let customer: TestUser;
let request: BookingRequest;
let day: string;

beforeAll(async () => {
  t = await tenant(await startTestService());
  customer = await user(t, 'customer');
  day = addDays(formatDate(new Date(), t.record.timezone), 12);
  const own = await product(t, { freeSale: true, productPrice: 40, prodName: 'Desert safari' });
  const vendor = await product(t, { freeSale: true, productPrice: 90, hasVendorBooking: true });
  const orderNum = await staffPaidOrder(
    t,
    [
      { product: own, quantity: 2, bookDate: day, resvName: 'Lina Haddad', pickupLocation: 'Hotel lobby' },
      { product: vendor, quantity: 1, bookDate: day },
    ],
    { customerId: defined(customer.contactId, 'customer record') },
  );
  request = await customer.api.ok<BookingRequest>('/booking/create', { orderNum });
});

afterAll(() => t?.service.close());

const pair = () => ({ id: request.bookingrequestid, code: request.accessCode });
const pagePath = () => `/booking/tickets/${request.bookingrequestid}?code=${request.accessCode}`;

describe('the tickets of a booking, created and confirmed', () => {
  it('are not there before confirm: getTickets answers [] and the page says they are being issued', async () => {
    const { api } = await guest(t);
    expect(await api.ok<TicketConfirmation[]>('/booking/getTickets', pair())).toEqual([]);
    const page = await t.api.inject({ method: 'GET', url: pagePath() });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your tickets are being issued');
  });

  it('after confirm: every ticket with its QR, verifiable with the published key, on the page and in the PDF', async () => {
    await customer.api.ok('/booking/confirm', { requestId: request.bookingrequestid });
    const { api } = await guest(t);
    const tickets = await api.ok<TicketConfirmation[]>('/booking/getTickets', pair());
    expect(tickets).toHaveLength(3);
    const [first, , voucher] = tickets;
    expect(first).toMatchObject({
      requestId: request.bookingrequestid,
      barcode: `${request.refnum}-1-1`,
      ticketResvName: 'Lina Haddad',
      pickupLocation: 'Hotel lobby',
      ticketPrintType: expect.stringMatching(/^(MOBILE|PRINT)$/),
      barcodeImage: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(first?.startDate?.slice(0, 10)).toBe(day);
    expect(voucher?.supplierVoucher).toMatch(/^VCH-/);
    expect(await api.getOk(`/booking/voucher/${request.bookingrequestid}`, { code: request.accessCode })).toEqual(
      tickets,
    );

    const key = await t.api.getOk<TicketKeyAnswer>('/booking/ticketKey');
    expect(key.algorithm).toBe('Ed25519');
    expect(createPublicKey(key.publicKeyPem).asymmetricKeyType).toBe('ed25519');

    const page = await t.api.inject({ method: 'GET', url: pagePath() });
    expect(page.body.match(/<img class="qr"/g)).toHaveLength(3);
    for (const ticket of tickets) expect(page.body).toContain(`id="ticket-${ticket.id}"`);
    const pdf = await t.api.inject({
      method: 'GET',
      url: `/booking/tickets/${request.bookingrequestid}/voucher.pdf?code=${request.accessCode}`,
    });
    // three tickets on one A4 page, not a page each
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages).toHaveLength(1);
    expect(read.text).toContain('ticket 3 of 3');
  });

  it('checks each of them in once, with the payload of its image, which the published key verifies', async () => {
    const tickets = await t.adminApi.ok<TicketConfirmation[]>('/booking/getTickets', pair());
    const key = await t.api.getOk<TicketKeyAnswer>('/booking/ticketKey');
    const publicKey = createPublicKey(key.publicKeyPem);
    const agent = await user(t, 'agent');
    for (const ticket of tickets) {
      // what a gate's camera reads from the image
      const qr = readQr(ticket.barcodeImage);
      expect(qr.startsWith(`TC1.${key.tenantCode}.${ticket.id}.${ticket.barcode}.${key.keyId}.`)).toBe(true);
      const cut = qr.lastIndexOf('.');
      expect(verify(null, Buffer.from(qr.slice(0, cut)), publicKey, Buffer.from(qr.slice(cut + 1), 'base64url'))).toBe(
        true,
      );
      const answer = await agent.api.ok<CheckinAnswer>('/booking/checkin', { qr });
      expect(answer).toMatchObject({
        ticketId: ticket.id,
        requestId: request.bookingrequestid,
        barcode: ticket.barcode,
      });
      await agent.api.expectError('/booking/checkin', { qr }, 'INVALID_STATE');
    }
  });
});
