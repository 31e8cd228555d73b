// The sales api's invoice of given lines (an accepted quote's), called as the quotes area calls it: in the caller's
// transaction on a fresh tenant, then read and paid through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import type { Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { readPdf } from '../../../test/support/pdf.js';
import { registeredCustomer, type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { customersApi } from '../customers/index.js';
import { createSettingsArea } from '../settings/index.js';
import { type InvoiceForLinesInput, invoiceForLines } from './invoice-for-lines.js';

let service: Service;
let t: TestTenant;
let customerId: number;

const deps = {
  customers: customersApi,
  settings: createSettingsArea().api,
};

/** A staff member's request context on the tenant, as the kernel builds it. */
function staffContext(db: TenantContext['db']): TenantContext {
  return {
    correlationId: 'invoice-for-lines-test',
    clientIp: '127.0.0.1',
    userAgent: undefined,
    log: service.logger,
    now: new Date(),
    tenant: t.record,
    db,
    session: undefined,
    sessionToken: undefined,
    roles: ['admin'],
  };
}

function quoteLines(overrides: Partial<InvoiceForLinesInput> = {}): InvoiceForLinesInput {
  return {
    customerId,
    currency: 'AED',
    taxRatePercent: '5',
    reference: 'Q-2026-000007',
    lines: [
      {
        description: 'Private desert safari',
        quantity: 2,
        unitPriceMinor: 45_000,
        netMinor: 90_000,
        taxMinor: 4_500,
        grossMinor: 94_500,
        productId: null,
      },
      {
        description: 'Guide, hours',
        quantity: 2.5,
        unitPriceMinor: 10_001,
        netMinor: 25_003,
        taxMinor: 1_250,
        grossMinor: 26_253,
        productId: null,
      },
    ],
    ...overrides,
  };
}

/** Runs the api in its own transaction on the tenant's database, as a caller's operation would. */
function invoice(input: InvoiceForLinesInput, work?: (tx: Queryable) => Promise<void>) {
  return t.db((sql) =>
    withTransaction({ db: sql }, async (tx) => {
      const made = await invoiceForLines(deps, staffContext(sql), tx, input);
      await work?.(tx);
      return made;
    }),
  );
}

beforeAll(async () => {
  service = await startTestService();
  t = await tenant(service);
  customerId = (await registeredCustomer(t, { userName: 'Omar Saleh' })).contactId;
  await t.adminApi.ok('/settings/write', { taxRegistrationNumber: '100123456700003' });
});

afterAll(async () => {
  await service?.close();
});

describe('invoiceForLines', () => {
  it('writes an unpaid order with the lines and their tax as given, and its invoice with the totals', async () => {
    const made = await invoice(quoteLines());
    expect(made.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const [order] = await t.db(
      (sql) => sql`SELECT status, payment_status, total::text, tax_rate_percent::text, tax_registration_number,
                          reference, customer_name, cart_id
                   FROM sales_orders WHERE sales_order_id = ${made.salesOrderId}`,
    );
    expect(order).toEqual({
      status: 'OPEN',
      payment_status: 'UNPAID',
      total: '1207.530',
      tax_rate_percent: '5.00',
      tax_registration_number: '100123456700003',
      reference: 'Q-2026-000007',
      customer_name: 'Omar Saleh',
      cart_id: null,
    });
    const lines = await t.db(
      (sql) => sql`SELECT quantity::text, unit_price::text, net::text, tax::text, total::text, product_id
                   FROM sales_order_lines WHERE sales_order_id = ${made.salesOrderId} ORDER BY line_no`,
    );
    expect(lines).toEqual([
      { quantity: '2.000', unit_price: '450.000', net: '900.000', tax: '45.000', total: '945.000', product_id: null },
      { quantity: '2.500', unit_price: '100.010', net: '250.030', tax: '12.500', total: '262.530', product_id: null },
    ]);
    const [stored] = await t.db(
      (sql) => sql`SELECT status, total::text, net_total::text, tax_total::text, customer_id
                   FROM invoices WHERE invoice_number = ${made.invoiceNumber}`,
    );
    expect(stored).toEqual({
      status: 'UNPAID',
      total: '1207.530',
      net_total: '1150.030',
      tax_total: '57.500',
      customer_id: customerId,
    });
  });

  it('makes an invoice staff can print and pay for its gross', async () => {
    const made = await invoice(quoteLines());
    const pdf = await t.adminApi.inject({
      method: 'POST',
      url: '/document/printInvoice',
      payload: { session: t.admin, docnum: made.invoiceNumber },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain('Private desert safari');
    const payment = await t.adminApi.ok<{ amount: number }>('/document/registerPayment', {
      invoice: made.invoiceNumber,
    });
    expect(payment.amount).toBe(1207.53);
  });

  it('is part of the caller’s transaction: a rollback leaves no order and no invoice behind', async () => {
    const before = await t.db((sql) => sql`SELECT count(*)::int AS n FROM invoices`);
    await expect(
      invoice(quoteLines(), async () => {
        throw new Error('the quote could not be marked invoiced');
      }),
    ).rejects.toThrow('could not be marked');
    expect(await t.db((sql) => sql`SELECT count(*)::int AS n FROM invoices`)).toEqual(before);
  });

  it('refuses an unknown customer (NOTFOUND) and no lines (INVALID_STATE)', async () => {
    await expect(invoice(quoteLines({ customerId: 999_999 }))).rejects.toMatchObject({ code: 'NOTFOUND' });
    const empty = invoice(quoteLines({ lines: [] }));
    await expect(empty).rejects.toBeInstanceOf(ApiError);
    await expect(empty).rejects.toMatchObject({ code: 'INVALID_STATE' });
  });

  it('throws on amounts that do not add up, before writing anything', async () => {
    const [first] = quoteLines().lines;
    if (!first) throw new Error('no line');
    await expect(invoice(quoteLines({ lines: [{ ...first, grossMinor: first.grossMinor + 1 }] }))).rejects.toThrow(
      'net + tax is not the gross',
    );
    await expect(invoice(quoteLines({ lines: [{ ...first, taxMinor: 0.5 }] }))).rejects.toThrow('minor units');
    await expect(invoice(quoteLines({ taxRatePercent: '5.255' }))).rejects.toThrow('not a tax rate');
  });
});
