// The tickets of a booking request: getTickets and the voucher by id + access code, the signed QR verified with
// nothing but the published key, the image made once, the rate limit, and check-in (once, also under 20
// concurrent scans; forged, altered and other agencies' codes refused).
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcode, type SeededBooking, seededBooking } from '../../../../test/support/bookings-seed.js';
import { guest, type TestTenant, tenant, user } from '../../../../test/support/factories.js';
import { readQr } from '../../../../test/support/qr.js';
import { startTestService, TEST_BASE_DOMAIN } from '../../../../test/support/service.js';
import type { CheckinAnswer, TicketConfirmation, TicketKeyAnswer } from './tickets.schemas.js';

let t: TestTenant;
let other: TestTenant;
let booking: SeededBooking;

beforeAll(async () => {
  const service = await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } });
  [t, other] = [await tenant(service), await tenant(service)];
  booking = await seededBooking(t, [
    { barcode: barcode(), startDate: new Date('2030-03-01T06:30:00Z'), timeslot: '10:30', resvName: 'Mariam Khalil' },
    { barcode: `${barcode()}.with.dots`, extInfo: ['gate B', null, 'adult'] },
    { barcode: barcode(), pickupLocation: 'Hotel lobby', extInfo: { extInfo2: 'second' } },
  ]);
});

afterAll(() => t?.service.close());

describe('getTickets and the voucher', () => {
  it('answers every ticket confirmation to any session holding the id and the access code', async () => {
    const { api } = await guest(t);
    const tickets = await api.ok<TicketConfirmation[]>('/booking/getTickets', {
      id: booking.requestId,
      code: booking.accessCode,
    });
    expect(tickets.map((ticket) => ticket.id)).toEqual(booking.ticketIds);
    const [first, second, third] = tickets;
    expect(first).toMatchObject({
      requestId: booking.requestId,
      barcodeImage: expect.stringMatching(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/),
      startDate: '2030-03-01T10:30:00',
      timeslot: '10:30',
      ticketResvName: 'Mariam Khalil',
      ticketValidity: 'Valid on 2030-03-01 at 10:30',
      ticketPrintType: 'MOBILE',
      ticketUrl: `${t.service.tenantUrl(t.provisioned.tenantCode)}/booking/tickets/${booking.requestId}?code=${booking.accessCode}#ticket-${first?.id}`,
      supplierBookingId: null,
      extInfo1: null,
    });
    expect(second).toMatchObject({ extInfo1: 'gate B', extInfo2: null, extInfo3: 'adult', startDate: null });
    expect(second?.ticketValidity).toBe('Open date: valid until used');
    expect(third).toMatchObject({ pickupLocation: 'Hotel lobby', extInfo1: null, extInfo2: 'second' });
    const png = Buffer.from(first?.barcodeImage.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // a QR of 4-pixel modules: at least 21 modules a side
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(84);

    const voucher = await api.getOk<TicketConfirmation[]>(`/booking/voucher/${booking.requestId}`, {
      code: booking.accessCode,
    });
    expect(voucher).toEqual(tickets);
  });

  it("takes the voucher's id from its path (a query id does not win) and documents it once, as a path parameter", async () => {
    const { api } = await guest(t);
    const voucher = await api.getOk<TicketConfirmation[]>(`/booking/voucher/${booking.requestId}`, {
      id: 999_999,
      code: booking.accessCode,
    });
    expect(voucher.map((ticket) => ticket.id)).toEqual(booking.ticketIds);
    const document = await t.service.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { host: TEST_BASE_DOMAIN },
    });
    const { parameters } = document.json().paths['/booking/voucher/{id}'].get;
    expect(parameters.filter((parameter: { name: string }) => parameter.name === 'id')).toEqual([
      expect.objectContaining({ in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) }),
    ]);
    expect(document.json().paths['/booking/voucher/{id}'].get.operationId).toBe('bookingVoucherIdGet');
  });

  it('makes each QR image once and keeps it: a later read is the stored one', async () => {
    const fresh = await seededBooking(t, [{ barcode: barcode() }]);
    const stored = () =>
      t.db(
        (sql) => sql<{ barcode_image: string | null }[]>`
          SELECT barcode_image FROM booking_tickets WHERE booking_request_id = ${fresh.requestId}`,
      );
    expect((await stored())[0]?.barcode_image).toBeNull();
    const [made] = await t.api
      .as((await guest(t)).session)
      .ok<TicketConfirmation[]>('/booking/getTickets', { id: fresh.requestId, code: fresh.accessCode });
    expect((await stored())[0]?.barcode_image).toBe(made?.barcodeImage);
    // a marker in the column comes back as it is: the second read renders nothing
    await t.db(
      (sql) => sql`UPDATE booking_tickets SET barcode_image = 'data:image/png;base64,AAAA'
                            WHERE booking_request_id = ${fresh.requestId}`,
    );
    const [again] = await t.adminApi.ok<TicketConfirmation[]>('/booking/getTickets', {
      id: fresh.requestId,
      code: fresh.accessCode,
    });
    expect(again?.barcodeImage).toBe('data:image/png;base64,AAAA');
  });

  it('answers [] for a booking whose tickets are not issued yet', async () => {
    const pending = await seededBooking(t, []);
    expect(await t.adminApi.ok('/booking/getTickets', { id: pending.requestId, code: pending.accessCode })).toEqual([]);
  });

  it('answers NOTFOUND to a wrong code, an unknown id, another tenant and an access past its date', async () => {
    const { api } = await guest(t);
    await api.expectError('/booking/getTickets', { id: booking.requestId, code: 'WRONGCODE23' }, 'NOTFOUND');
    await api.expectError('/booking/getTickets', { id: 999_999, code: booking.accessCode }, 'NOTFOUND');
    await other.adminApi.expectError(
      '/booking/getTickets',
      { id: booking.requestId, code: booking.accessCode },
      'NOTFOUND',
    );
    const expired = await seededBooking(t, [{ barcode: barcode() }], { accessMaxDate: new Date(Date.now() - 1000) });
    await api.expectError('/booking/getTickets', { id: expired.requestId, code: expired.accessCode }, 'NOTFOUND');
    const answer = await api.get(`/booking/voucher/${booking.requestId}`, { code: 'WRONGCODE23' });
    expect(answer.apiStatus.errorCode).toBe('NOTFOUND');
  });

  it('names the missing or malformed parameter', async () => {
    const { api } = await guest(t);
    await api.expectError('/booking/getTickets', { code: booking.accessCode }, 'MISSING_PARAMETER', 'id');
    await api.expectError('/booking/getTickets', { id: booking.requestId }, 'MISSING_PARAMETER', 'code');
    await api.expectError('/booking/getTickets', { id: 'one', code: 'x' }, 'INVALID_FORMAT', 'id');
    const noSession = await t.api.call('/booking/getTickets', { id: booking.requestId, code: booking.accessCode });
    expect(noSession.apiStatus).toMatchObject({ errorCode: 'MISSING_PARAMETER' });
    expect(noSession.apiStatus.errorMessage).toMatch(/session/);
    const malformed = await api.get('/booking/voucher/abc', { code: booking.accessCode });
    expect(malformed.apiStatus).toMatchObject({ errorCode: 'INVALID_FORMAT' });
    expect(malformed.apiStatus.errorMessage).toMatch(/\bid\b/);
  });

  it('limits look-ups by id and code to 60 a minute per client address: 429 RATE_LIMITED with Retry-After', async () => {
    const { api, session } = await guest(t);
    const remoteAddress = '203.0.113.61';
    const ask = () =>
      api.inject({
        method: 'POST',
        url: '/booking/getTickets',
        payload: { session, id: booking.requestId, code: 'WRONGCODE23' },
        remoteAddress,
      });
    const answers = [];
    for (let i = 0; i < 61; i += 1) answers.push(await ask());
    const last = answers.at(-1);
    // the minute may turn during the loop: then the count starts again
    if (last?.statusCode !== 429) {
      for (let i = 0; i < 61 && (await ask()).statusCode !== 429; i += 1);
    }
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().apiStatus.errorCode).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the tickets page and the PDF count against the same budget
    const page = await api.inject({
      method: 'GET',
      url: `/booking/tickets/${booking.requestId}?code=X`,
      remoteAddress,
    });
    expect(page.statusCode).toBe(429);
    // another address is not concerned
    const elsewhere = await api.call(
      '/booking/getTickets',
      { id: booking.requestId, code: booking.accessCode },
      { remoteAddress: '203.0.113.62' },
    );
    expect(elsewhere.apiStatus.errorCode).toBe('OK');
  });
});

/** The tickets of a booking read through getTickets (which makes the QR images and the key). */
const ticketsOf = (of: TestTenant, b: SeededBooking) =>
  of.adminApi.ok<TicketConfirmation[]>('/booking/getTickets', { id: b.requestId, code: b.accessCode });

describe('the signed QR payload', () => {
  it('is read from the QR image and verified with nothing but GET /booking/ticketKey', async () => {
    const [ticket] = await ticketsOf(t, booking);
    if (!ticket) throw new Error('no ticket');
    // what a gate's camera reads from the image
    const payload = readQr(ticket.barcodeImage);

    const answer = await t.api.inject({ method: 'GET', url: '/booking/ticketKey' });
    expect(answer.statusCode).toBe(200);
    const key = answer.json<{ apiData: TicketKeyAnswer }>().apiData;
    expect(key).toMatchObject({
      tenantCode: t.provisioned.tenantCode,
      keyId: 'k1',
      algorithm: 'Ed25519',
      payloadFormat: 'TC1.<tenantCode>.<ticketId>.<barcode>.<keyId>.<signature>',
    });
    expect(key.keys.map((k) => k.keyId)).toEqual(['k1']);
    expect(JSON.stringify(key)).not.toMatch(/PRIVATE|encrypted:/);
    // a gate's verification: split, check tenant and key, verify the signature over the text before the last dot
    const cut = payload.lastIndexOf('.');
    const [version, tenantCode, ticketId] = payload.split('.');
    expect([version, tenantCode, ticketId]).toEqual(['TC1', key.tenantCode, String(ticket.id)]);
    expect(payload.slice(0, cut).endsWith(`.${key.keyId}`)).toBe(true);
    const raw = Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(key.publicKey, 'base64url'),
    ]);
    const fromRaw = createPublicKey({ key: raw, format: 'der', type: 'spki' });
    const signature = Buffer.from(payload.slice(cut + 1), 'base64url');
    expect(verify(null, Buffer.from(payload.slice(0, cut)), fromRaw, signature)).toBe(true);
    expect(verify(null, Buffer.from(payload.slice(0, cut)), createPublicKey(key.publicKeyPem), signature)).toBe(true);
    expect(verify(null, Buffer.from(`${payload.slice(0, cut)}x`), fromRaw, signature)).toBe(false);
    // the tenant's key is sealed at rest
    const [stored] = await t.db(
      (sql) => sql<{ private_key_sealed: string }[]>`SELECT private_key_sealed FROM ticket_signing_keys`,
    );
    expect(stored?.private_key_sealed).toMatch(/^encrypted:/);
  });

  it('keeps one key per tenant when many first reads race to make it', async () => {
    const fresh = await tenant(t.service);
    const seeded = await seededBooking(fresh, [{ barcode: barcode() }]);
    await Promise.all(Array.from({ length: 10 }, () => ticketsOf(fresh, seeded)));
    const keys = await fresh.db((sql) => sql`SELECT key_id FROM ticket_signing_keys`);
    expect(keys).toHaveLength(1);
  });
});

describe('check-in', () => {
  it('redeems a ticket with its first scan and refuses the second, saying when it was redeemed', async () => {
    const b = await seededBooking(t, [{ barcode: barcode(), description: 'Museum entry', resvName: 'Omar' }]);
    const [ticket] = await ticketsOf(t, b);
    const qr = readQr(ticket?.barcodeImage ?? '');
    const agent = await user(t, 'agent');
    const first = await agent.api.ok<CheckinAnswer>('/booking/checkin', { qr });
    expect(first).toMatchObject({
      ticketId: ticket?.id,
      requestId: b.requestId,
      barcode: ticket?.barcode,
      ticketDescription: 'Museum entry',
      ticketResvName: 'Omar',
      redeemedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
    const [row] = await t.db(
      (sql) => sql<{ redeemed_by: number }[]>`
      SELECT redeemed_by FROM booking_tickets WHERE ticket_id = ${ticket?.id ?? 0}`,
    );
    expect(row?.redeemed_by).toBe(agent.userId);
    const second = await t.adminApi.call('/booking/checkin', { qr });
    expect(second.apiStatus.errorCode).toBe('INVALID_STATE');
    expect(second.apiStatus.errorMessage).toContain(`already redeemed at ${first.redeemedAt}`);
    expect(second.apiData).toBeNull();
  });

  it('redeems a ticket exactly once under 20 concurrent scans', async () => {
    const b = await seededBooking(t, [{ barcode: barcode() }]);
    const [ticket] = await ticketsOf(t, b);
    const qr = readQr(ticket?.barcodeImage ?? '');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.adminApi.call('/booking/checkin', { qr })));
    const codes = answers.map((answer) => answer.apiStatus.errorCode);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'INVALID_STATE')).toHaveLength(19);
  });

  it("refuses forged, altered and other agencies' codes as INVALID_FORMAT naming qr", async () => {
    const [ticket, dotted] = await ticketsOf(t, booking);
    const qr = readQr(ticket?.barcodeImage ?? '');
    const cut = qr.lastIndexOf('.');
    const signature = qr.slice(cut + 1);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const otherBooking = await seededBooking(other, [{ barcode: ticket?.barcode ?? '' }]);
    const [theirs] = await ticketsOf(other, otherBooking);
    const theirQr = readQr(theirs?.barcodeImage ?? '');
    const forged = [
      'not a ticket',
      qr.replace(`.${ticket?.barcode}.`, `.${ticket?.barcode}X.`),
      qr.replace(`.${ticket?.id}.`, `.${(ticket?.id ?? 0) + 1}.`),
      `${qr.slice(0, cut)}.${flipped}`,
      `${qr.slice(0, cut + 1)}${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      theirQr,
      theirQr.replace(`TC1.${other.provisioned.tenantCode}.`, `TC1.${t.provisioned.tenantCode}.`),
      qr.replace('.k1.', '.k2.'),
    ];
    for (const code of forged) await t.adminApi.expectError('/booking/checkin', { qr: code }, 'INVALID_FORMAT', 'qr');
    // a barcode holding dots is read whole
    const dottedQr = readQr(dotted?.barcodeImage ?? '');
    expect((await t.adminApi.ok<CheckinAnswer>('/booking/checkin', { qr: dottedQr })).barcode).toBe(dotted?.barcode);
  });

  it('answers NOTFOUND for a verified code whose ticket is gone, and refuses guests and customers', async () => {
    const b = await seededBooking(t, [{ barcode: barcode() }]);
    const [ticket] = await ticketsOf(t, b);
    const qr = readQr(ticket?.barcodeImage ?? '');
    await t.adminApi.expectError('/booking/checkin', {}, 'MISSING_PARAMETER', 'qr');
    const customer = await user(t, 'customer');
    expect((await customer.api.call('/booking/checkin', { qr })).apiStatus.errorCode).toBe('FORBIDDEN');
    expect((await (await guest(t)).api.call('/booking/checkin', { qr })).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    await t.db((sql) => sql`DELETE FROM booking_tickets WHERE ticket_id = ${ticket?.id ?? 0}`);
    await t.adminApi.expectError('/booking/checkin', { qr }, 'NOTFOUND');
  });

  it('refuses a ticket of a cancelled booking with INVALID_STATE', async () => {
    const b = await seededBooking(t, [{ barcode: barcode() }], { status: 'CANCELLED' });
    const [ticket] = await ticketsOf(t, b);
    const qr = readQr(ticket?.barcodeImage ?? '');
    await t.adminApi.expectError('/booking/checkin', { qr }, 'INVALID_STATE');
  });
});
