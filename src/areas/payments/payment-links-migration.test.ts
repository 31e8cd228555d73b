// Migration 0040 on a tenant that has links of all three former tables: every link moves to payment_links with its
// reference, token hash, gateway order, page, amount, status and times (a hotel link's CANCELLED_PAYMENT is
// CANCELLED), a booking's payment names its link's new id, the old tables go, and each owner's view shows its links
// in its own words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { loadMigrations, migrate } from '../../platform/database/migrate.js';

let db: Awaited<ReturnType<typeof scratchDatabase>>;

beforeAll(async () => {
  db = await scratchDatabase('tc_payment_links_0040');
});
afterAll(() => db?.drop());

const hash = (text: string) => Buffer.from(text);
const at = new Date('2026-05-01T10:00:00Z');
const later = new Date('2026-05-01T10:30:00Z');

async function formerLinks() {
  const sql = db.sql;
  const [customer] = await sql<{ customer_id: number }[]>`
    INSERT INTO customers (cust_name) VALUES ('Sam') RETURNING customer_id`;
  const customerId = customer?.customer_id ?? null;
  const [booking] = await sql<{ booking_id: number }[]>`
    INSERT INTO blm_bookings (reference, customer_id, customer_name, currency, total_amount)
    VALUES ('TQ-2026-00001', ${customerId}, 'Sam', 'AED', 80) RETURNING booking_id`;
  const bookingId = booking?.booking_id ?? null;
  const blmLinks = await sql<{ link_id: number }[]>`
    INSERT INTO blm_payment_links (booking_id, link_reference, gateway_order_ref, payment_url, amount, currency,
                                   status, callback_token_hash, expires_at, settled_at, created_at)
    VALUES (${bookingId}, 'TQ-2026-00001-a', 'ORD-A', 'https://pay/a', 50, 'AED', 'PAID', ${hash('a')}, ${later},
            ${later}, ${at}),
           (${bookingId}, 'TQ-2026-00001-b', 'ORD-B', 'https://pay/b', 30, 'AED', 'ACTIVE', ${hash('b')}, ${later},
            NULL, ${later})
    RETURNING link_id`;
  await sql`
    INSERT INTO blm_payments (booking_id, amount, method, payment_date, reference, link_id)
    VALUES (${bookingId}, 50, 'LINK', '2026-05-01', 'TQ-2026-00001-a', ${blmLinks[0]?.link_id ?? null})`;
  const [application] = await sql<{ application_id: number }[]>`
    INSERT INTO visa_applications (application_number, customer_id, customer_name, destination_country,
                                   destination_country_name, visa_type, created_at, updated_at)
    VALUES ('VA-2026-00001', ${customerId}, 'Sam', 'TH', 'Thailand', 'TOURIST', ${at}, ${at})
    RETURNING application_id`;
  const [invoice] = await sql<{ invoice_id: number }[]>`
    INSERT INTO visa_invoices (invoice_number, application_id, currency, total_amount, created_at, updated_at)
    VALUES ('VI-2026-00001', ${application?.application_id ?? null}, 'AED', 130.6, ${at}, ${at}) RETURNING invoice_id`;
  const invoiceId = invoice?.invoice_id ?? null;
  await sql`
    INSERT INTO visa_invoice_links (invoice_id, link_reference, gateway_order_ref, payment_url, amount, currency,
                                    status, callback_token_hash, expires_at, created_at)
    VALUES (${invoiceId}, 'VI-2026-00001-c', 'ORD-C', 'https://pay/c', 130.6, 'AED', 'DECLINED',
            ${hash('c')}, ${later}, ${at})`;
  const [hotel] = await sql<{ hotel_booking_id: number }[]>`
    INSERT INTO hotel_bookings (client_reference, mode, hotel_name, check_in, check_out, rooms, adults, guests,
                                currency, total_price, cost_price, created_at, updated_at)
    VALUES ('H-1', 'contracted', 'Palm', '2027-03-01', '2027-03-04', 1, 2, '[]', 'AED', 1234.5, 1000, ${at}, ${at})
    RETURNING hotel_booking_id`;
  const hotelId = hotel?.hotel_booking_id ?? null;
  await sql`
    INSERT INTO hotel_payment_links (hotel_booking_id, cart_reference, gateway_order_ref, payment_url, amount,
                                     currency, status, callback_token_hash, expires_at, created_at, created_by)
    VALUES (${hotelId}, 'HB1-d', 'ORD-D', 'https://pay/d', 1234.5, 'AED', 'CANCELLED_PAYMENT',
            ${hash('d')}, ${later}, ${at}, 7)`;
  return { bookingId, invoiceId, hotelId };
}

describe('migration 0040 on existing links', () => {
  it("moves every link, keeps what its addresses need, and renames a booking payment's link", async () => {
    const all = await loadMigrations('tenant');
    await migrate(
      db.sql,
      all.filter((migration) => migration.version < '0040'),
    );
    const { bookingId, invoiceId, hotelId } = await formerLinks();
    await migrate(
      db.sql,
      all.filter((migration) => migration.version === '0040'),
    );
    const moved = await db.sql`
      SELECT owner_kind, owner_id, link_reference, gateway_order_ref, payment_url, amount::text AS amount, currency,
             status, callback_token_hash, expires_at, created_at, created_by
      FROM payment_links ORDER BY link_id`;
    const row = (
      kind: string,
      id: number | null | undefined,
      ref: string,
      order: string,
      amount: string,
      status: string,
    ) => ({
      owner_kind: kind,
      owner_id: id,
      link_reference: ref,
      gateway_order_ref: order,
      payment_url: `https://pay/${ref.at(-1)}`,
      amount,
      currency: 'AED',
      status,
      callback_token_hash: hash(ref.at(-1) ?? ''),
      expires_at: later,
      created_at: expect.any(Date),
      created_by: kind === 'hotel-booking' ? 7 : null,
    });
    expect(moved).toEqual([
      row('blm-booking', bookingId, 'TQ-2026-00001-a', 'ORD-A', '50.000', 'PAID'),
      row('visa-invoice', invoiceId, 'VI-2026-00001-c', 'ORD-C', '130.600', 'DECLINED'),
      row('hotel-booking', hotelId, 'HB1-d', 'ORD-D', '1234.500', 'CANCELLED'),
      row('blm-booking', bookingId, 'TQ-2026-00001-b', 'ORD-B', '30.000', 'ACTIVE'),
    ]);
    const [payment] = await db.sql`
      SELECT l.link_reference FROM blm_payments p JOIN payment_links l ON l.link_id = p.link_id`;
    expect(payment?.link_reference).toBe('TQ-2026-00001-a');
    expect(await db.sql`SELECT status FROM hotel_payment_links`).toEqual([{ status: 'CANCELLED_PAYMENT' }]);
    expect(await db.sql`SELECT invoice_id FROM visa_invoice_links`).toEqual([{ invoice_id: invoiceId }]);
    const active = await db.sql`SELECT link_reference FROM blm_payment_links WHERE status = 'ACTIVE'`;
    expect(active).toEqual([{ link_reference: 'TQ-2026-00001-b' }]);
    const tables = await db.sql`
      SELECT table_name FROM information_schema.tables
      WHERE table_name IN ('blm_payment_links', 'visa_invoice_links', 'hotel_payment_links') AND table_type = 'BASE TABLE'`;
    expect(tables).toEqual([]);
  });
});
