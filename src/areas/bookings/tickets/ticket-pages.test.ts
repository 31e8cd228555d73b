// The printable tickets page and the PDF voucher: the pair (id, access code) is the key; a wrong pair is a 404
// page like an unknown id; a booking not ticketed yet gets a page that refreshes itself; the tenant's own
// "what to bring" text and templates win over the shipped ones.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcode, type SeededBooking, seededBooking } from '../../../../test/support/bookings-seed.js';
import { type TestTenant, tenant } from '../../../../test/support/factories.js';
import { readPdf } from '../../../../test/support/pdf.js';
import { startTestService } from '../../../../test/support/service.js';
import { DEFAULT_WHAT_TO_BRING } from './ticket-page-templates.js';

let t: TestTenant;
let booking: SeededBooking;

beforeAll(async () => {
  t = await tenant(await startTestService());
  booking = await seededBooking(t, [
    {
      barcode: barcode('AQ'),
      description: 'Aquaventure <day pass> & slides',
      startDate: new Date('2030-03-01T06:30:00Z'),
      timeslot: '10:30',
      resvName: 'Mariam Khalil',
      pickupLocation: 'Atlantis lobby',
    },
    { barcode: barcode('AQ'), description: 'Aquaventure child', startDate: new Date('2030-03-01T05:00:00Z') },
  ]);
});

afterAll(() => t?.service.close());

const open = (url: string) => t.api.inject({ method: 'GET', url });
const pageUrl = (b: SeededBooking, code = b.accessCode) => `/booking/tickets/${b.requestId}?code=${code}`;

describe('the tickets page', () => {
  it("shows each ticket's QR, code and facts in the tenant's timezone, what to bring and the PDF link", async () => {
    const answer = await open(pageUrl(booking));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const html = answer.body;
    expect(html).toContain(t.record.tenantName);
    expect(html.match(/<img class="qr" src="data:image\/png;base64,/g)).toHaveLength(2);
    for (const id of booking.ticketIds) expect(html).toContain(`id="ticket-${id}"`);
    expect(html).toContain('Aquaventure &lt;day pass&gt; &amp; slides');
    expect(html).not.toContain('<day pass>');
    // Asia/Dubai is UTC+4: the slot's day and time, and a start without a slot at its local time
    expect(html).toContain('Fri 1 Mar 2030, 10:30');
    expect(html).toContain('Fri 1 Mar 2030, 09:00');
    expect(html).toContain('Times are local times in Asia/Dubai.');
    expect(html).toContain('Mariam Khalil');
    expect(html).toContain('Atlantis lobby');
    expect(html).toContain(DEFAULT_WHAT_TO_BRING);
    expect(html).toContain(`href="/booking/tickets/${booking.requestId}/voucher.pdf?code=${booking.accessCode}"`);
  });

  it('marks a ticket already used', async () => {
    const used = await seededBooking(t, [{ barcode: barcode() }]);
    await open(pageUrl(used));
    await t.db(
      (sql) => sql`UPDATE booking_tickets SET redeemed_at = '2030-03-01T06:00:00Z'
                            WHERE booking_request_id = ${used.requestId}`,
    );
    expect((await open(pageUrl(used))).body).toContain('Used on Fri 1 Mar 2030, 10:00');
  });

  it('answers the same 404 page to a wrong code and an unknown id', async () => {
    const wrong = await open(pageUrl(booking, 'WRONGCODE23'));
    const unknown = await open(`/booking/tickets/999999?code=${booking.accessCode}`);
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.body).toContain('This ticket link is not valid');
    expect(wrong.body).not.toContain(booking.refnum);
    expect(wrong.headers['cache-control']).toBe('no-store');
    const pdf = await open(`/booking/tickets/${booking.requestId}/voucher.pdf?code=WRONGCODE23`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.body).toBe(wrong.body);
  });

  it('tells the buyer the tickets are being issued, and refreshes itself, until they are', async () => {
    const pending = await seededBooking(t, []);
    const answer = await open(pageUrl(pending));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Your tickets are being issued');
    expect(answer.body).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    expect(answer.body).toContain(pending.refnum);
  });

  it("takes the tenant's own what-to-bring text and templates from its data folder", async () => {
    const folder = path.join(t.service.config.dataDir, 'templates', t.provisioned.tenantCode);
    await mkdir(folder, { recursive: true });
    try {
      await writeFile(path.join(folder, 'what-to-bring.txt'), 'Swimwear, a towel & sunscreen.\n');
      expect((await open(pageUrl(booking))).body).toContain('Swimwear, a towel &amp; sunscreen.');
      await writeFile(path.join(folder, 'booking-tickets-missing.html'), '<p>{{tenantName}}: no such tickets</p>');
      expect((await open(pageUrl(booking, 'WRONGCODE23'))).body).toBe(`<p>${t.record.tenantName}: no such tickets</p>`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the PDF voucher', () => {
  it('has the tickets that fit on a page together, each with its code, facts and QR image', async () => {
    const answer = await open(`/booking/tickets/${booking.requestId}/voucher.pdf?code=${booking.accessCode}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(answer.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.info).toMatchObject({ Author: t.record.tenantName, Title: `Tickets ${booking.refnum}` });
    const [page] = pdf.pages;
    expect(page).toContain(t.record.tenantName);
    expect(page).toContain('ticket 1 of 2');
    expect(page).toContain('Fri 1 Mar 2030, 10:30');
    expect(page).toContain('Mariam Khalil');
    expect(page).toContain('ticket 2 of 2');
    expect(page).toContain('What to bring');
    // each QR image (with its transparency mask, an image too)
    const images = answer.rawPayload.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(2);
  });

  it("writes dashes, quotes, accents and Arabic as they are, and what the embedded fonts lack as '?'", async () => {
    const description = 'Café “Dhow” cruise – 2 h, 50 € رحلة بحرية 日本';
    const b = await seededBooking(t, [{ barcode: barcode(), description }]);
    const answer = await open(`/booking/tickets/${b.requestId}/voucher.pdf?code=${b.accessCode}`);
    // a run of characters the fonts lack is one mark, as on invoices (the platform's PDF text)
    expect((await readPdf(answer.rawPayload)).text).toContain('Café “Dhow” cruise – 2 h, 50 € رحلة بحرية ? Validity');
  });
});

describe('what each ticket tells its holder (issue 30)', () => {
  // Thu 10 Dec 2026, 08:30 in Dubai (UTC+4)
  const start = new Date('2026-12-10T04:30:00Z');
  const tour = {
    prodName: 'Desert safari',
    meetingPoint: 'Al Khail Gate 2, Dubai',
    pickupWindowMinutes: 30,
    cancelPolicy: 'Free cancellation up to 24 hours before the start.',
  };
  let pickedUp: SeededBooking;
  let meeting: SeededBooking;

  beforeAll(async () => {
    await t.adminApi.ok('/settings/write', {
      phone: '+971 4 123 4567',
      contactWhatsapp: '+971 50 765 4321',
      contactEmail: 'help@sunrise.example',
      cancellationPolicy: 'Cancellations are refunded up to 48 hours before the start.',
    });
    pickedUp = await seededBooking(
      t,
      [1, 2].map(() => ({
        barcode: barcode('DS'),
        description: 'Desert safari',
        startDate: start,
        timeslot: '08:30',
        resvName: 'Omar Nasser',
        pickupLocation: 'Atlantis The Palm',
      })),
      { product: tour },
    );
    meeting = await seededBooking(t, [{ barcode: barcode('DS'), description: 'Desert safari', startDate: start }], {
      product: { ...tour, cancelPolicy: undefined },
    });
  });

  it('a hotel pickup: its window, waiting in the lobby (not "15 minutes before"), the order, what was paid, whom to call', async () => {
    const html = (await open(pageUrl(pickedUp))).body;
    expect(html).toContain('Thu 10 Dec 2026, 08:30');
    expect(html).toContain('<dt>Hotel pickup</dt><dd>Atlantis The Palm, between 08:30 and 09:00</dd>');
    expect(html).toContain(
      'Please wait in the lobby of Atlantis The Palm between 08:30 and 09:00: your driver collects you there.',
    );
    expect(html).not.toContain('15 minutes before');
    expect(html).not.toContain('Meeting point');
    expect(html).toContain('<dt>Cancellation policy</dt><dd>Free cancellation up to 24 hours before the start.</dd>');
    expect(html).toContain(`<dt>Order number</dt><dd>${pickedUp.orderNum}</dd>`);
    expect(html).toContain('<dt>Amount paid</dt><dd>AED 100.00</dd>');
    expect(html).toContain('<dt>Tickets</dt><dd>2</dd>');
    expect(html).toContain('Ticket 2 of 2');
    expect(html).toContain('<a href="tel:+97141234567">+971 4 123 4567</a>');
    expect(html).toContain('<a href="https://wa.me/971507654321">+971 50 765 4321</a>');
    expect(html).toContain('<a href="mailto:help@sunrise.example">help@sunrise.example</a>');
  });

  it("a meeting point: arrive there 15 minutes early; the agency's policy when the product has none", async () => {
    const html = (await open(pageUrl(meeting))).body;
    expect(html).toContain('<dt>Meeting point</dt><dd>Al Khail Gate 2, Dubai</dd>');
    expect(html).toContain(
      'Please arrive at the meeting point (Al Khail Gate 2, Dubai) 15 minutes before the start, by 08:15.',
    );
    expect(html).not.toContain('lobby');
    expect(html).not.toContain('Hotel pickup');
    expect(html).toContain('Cancellations are refunded up to 48 hours before the start.');
  });

  it('the PDF voucher says the same: window, advice, order, amount, contact, policy', async () => {
    const answer = await open(`/booking/tickets/${pickedUp.requestId}/voucher.pdf?code=${pickedUp.accessCode}`);
    const pdf = await readPdf(answer.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    const text = pdf.text;
    for (const phrase of [
      `Order ${pickedUp.orderNum}`,
      'Amount paid AED 100.00',
      'Phone +971 4 123 4567',
      'WhatsApp +971 50 765 4321',
      'Thu 10 Dec 2026, 08:30',
      'Atlantis The Palm, between 08:30 and 09:00',
      'Please wait in the lobby of Atlantis The Palm',
      'Free cancellation up to 24 hours before the start.',
      'ticket 2 of 2',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('15 minutes before');
  });
});
