import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf.js';
import { formatMinorAmount, type InvoiceDocument, type InvoiceLine, renderInvoicePdf } from './invoice-pdf.js';

function line(description: string, quantity: number, unitPriceMinor: number, detail?: string): InvoiceLine {
  return {
    description,
    quantity,
    unitPriceMinor,
    totalMinor: quantity * unitPriceMinor,
    ...(detail ? { detail } : {}),
  };
}

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    issuer: { name: 'Sunrise Tours & Travel LLC', address: 'Office 1204, Bay Square 7\nBusiness Bay, Dubai' },
    invoiceNumber: 'INV-2025-000123',
    issueDate: '2025-03-12',
    dueDate: '2025-03-26',
    status: 'PARTIALLY_PAID',
    currency: 'AED',
    customer: { name: 'Amira Hashimi', email: 'amira@example.com', phone: '+971 50 123 4567', address: 'Jumeirah 1' },
    lines: [
      line('Desert safari with BBQ dinner', 2, 35_000, '2025-03-14 15:00-21:00'),
      line('Dhow cruise, Dubai Marina', 1, 52_345),
    ],
    taxes: [{ name: 'VAT', rateText: '5%', amountMinor: 6_117 }],
    subtotalMinor: 122_345,
    totalMinor: 128_462,
    paidMinor: 100_000,
    balanceMinor: 28_462,
    orderNum: 'ORD-88812',
    payments: [{ date: '2025-03-12T10:15:00', method: 'Card', amountMinor: 100_000 }],
    footer: 'Thank you for travelling with us.',
    ...overrides,
  };
}

describe('formatMinorAmount', () => {
  it('uses two decimals for AED, with thousands separators', () => {
    expect(formatMinorAmount(123_450, 'AED')).toBe('AED 1,234.50');
    expect(formatMinorAmount(123_456_789_01, 'AED')).toBe('AED 123,456,789.01');
    expect(formatMinorAmount(5, 'AED')).toBe('AED 0.05');
    expect(formatMinorAmount(0, 'aed')).toBe('AED 0.00');
    expect(formatMinorAmount(-500, 'AED')).toBe('AED -5.00');
  });

  it('uses no decimals for JPY', () => {
    expect(formatMinorAmount(123_450, 'JPY')).toBe('JPY 123,450');
    expect(formatMinorAmount(999, 'JPY')).toBe('JPY 999');
    expect(formatMinorAmount(1_000, 'JPY')).toBe('JPY 1,000');
  });

  it('uses three decimals for KWD', () => {
    expect(formatMinorAmount(1_234_500, 'KWD')).toBe('KWD 1,234.500');
    expect(formatMinorAmount(7, 'KWD')).toBe('KWD 0.007');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMinorAmount(12.5, 'AED')).toThrow(/minor units/);
    expect(() => formatMinorAmount(Number.NaN, 'AED')).toThrow(/minor units/);
  });
});

describe('renderInvoicePdf', () => {
  it('renders a PDF whose text holds the invoice, the parties, the lines and the total', async () => {
    const document = invoice();
    const buffer = await renderInvoicePdf(document);

    expect(buffer.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { pages, text, info } = await readPdf(buffer);
    expect(pages).toHaveLength(1);
    expect(text).toContain('INVOICE');
    expect(text).toContain('INV-2025-000123');
    expect(text).toContain('Sunrise Tours & Travel LLC');
    expect(text).toContain('Amira Hashimi');
    for (const { description } of document.lines) expect(text).toContain(description);
    expect(text).toContain('2025-03-14 15:00-21:00');
    expect(text).toContain('AED 1,284.62'); // total
    expect(text).toContain('AED 1,223.45'); // subtotal
    expect(text).toContain('AED 61.17'); // VAT
    expect(text).toContain('AED 284.62'); // balance
    expect(text).toContain('AED 523.45'); // a unit price
    expect(text).toContain('PARTIALLY PAID');
    expect(text).toContain('12 Mar 2025');
    expect(text).toContain('ORD-88812');
    expect(text).toContain('Thank you for travelling with us.');
    expect(info.Title).toBe('Invoice INV-2025-000123');
    expect(info.Author).toBe('Sunrise Tours & Travel LLC');
  });

  it('paginates 120 lines, repeating the table header on every page', async () => {
    const lines = Array.from({ length: 120 }, (_, index) =>
      line(`Airport transfer ${index + 1}`, 1 + (index % 3), 12_000, index % 2 ? '2025-04-01 09:00' : undefined),
    );
    const buffer = await renderInvoicePdf(invoice({ lines, payments: [] }));

    const { pages, text } = await readPdf(buffer);
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain('Airport transfer 1 ');
    expect(text).toContain('Airport transfer 120');
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('DESCRIPTION');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    expect(pages.at(-1)).toContain('AED 1,284.62');
  });

  it('formats the amounts of JPY and KWD invoices with their minor units', async () => {
    const jpy = await readPdf(
      await renderInvoicePdf(
        invoice({
          currency: 'JPY',
          lines: [line('Tea ceremony', 3, 4_500)],
          taxes: [{ name: 'Consumption tax', rateText: '10%', amountMinor: 1_350 }],
          subtotalMinor: 13_500,
          totalMinor: 14_850,
          paidMinor: 0,
          balanceMinor: 14_850,
          payments: [],
        }),
      ),
    );
    expect(jpy.text).toContain('JPY 4,500');
    expect(jpy.text).toContain('JPY 13,500');
    expect(jpy.text).toContain('JPY 14,850');
    expect(jpy.text).not.toContain('JPY 14,850.');

    const kwd = await readPdf(
      await renderInvoicePdf(
        invoice({
          currency: 'KWD',
          lines: [line('Failaka island trip', 2, 12_345)],
          taxes: [],
          subtotalMinor: 24_690,
          totalMinor: 24_690,
          paidMinor: 24_690,
          balanceMinor: 0,
          status: 'PAID',
          payments: [{ date: '2025-03-12', method: 'KNET', amountMinor: 24_690 }],
        }),
      ),
    );
    expect(kwd.text).toContain('KWD 12.345');
    expect(kwd.text).toContain('KWD 24.690');
    expect(kwd.text).toContain('KWD 0.000');
    expect(kwd.text).toContain('PAID');
  });

  it('shows markup as text, Arabic as Arabic, and wraps long descriptions', async () => {
    const description =
      'Desert Safari <script>alert("x")</script> رحلة السفاري الصحراوية with dune bashing, sandboarding, camel rides, ' +
      'henna painting, a barbecue dinner under the stars and hotel pick-up from anywhere in Dubai';
    const buffer = await renderInvoicePdf(
      invoice({
        issuer: { name: 'Sunrise Tours شركة' },
        customer: { name: 'أميرة Amira', address: 'شارع ٥, Jumeirah' },
        lines: [line(description, 1, 100_000, 'الجمعة 2025-03-14')],
      }),
    );

    expect(buffer.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { text, info } = await readPdf(buffer);
    expect(text).toContain('<script>alert("x")</script>');
    expect(text).toContain('Desert Safari');
    expect(text).toContain('رحلة السفاري الصحراوية');
    expect(text).toContain('pick-up from anywhere in Dubai'); // the wrapped end of the description
    for (const part of ['أميرة', 'Amira', 'شارع', 'Jumeirah', 'الجمعة', 'Sunrise Tours', 'شركة']) {
      expect(text).toContain(part);
    }
    // after an Arabic word the numbers of a date run right to left, as the Unicode bidi algorithm (and a browser) has it
    expect(text).toMatch(/14 ?- ?03 ?- ?2025/);
    expect(text).not.toContain('?');
    expect(info.Author).toBe('Sunrise Tours شركة');
  });

  it('refuses an amount that is not whole minor units', async () => {
    await expect(renderInvoicePdf(invoice({ totalMinor: 1284.625 }))).rejects.toThrow(/totalMinor/);
    const [first] = invoice().lines;
    if (!first) throw new Error('no line');
    const halfFils = { ...first, tax: { netMinor: 70_000, taxMinor: 3_500.5 } };
    await expect(renderInvoicePdf(invoice({ lines: [halfFils] }))).rejects.toThrow(/lines\[0\]\.tax\.taxMinor/);
  });

  it('is a tax invoice of a registered issuer: TRN in the header, tax per line, net subtotal, tax and gross', async () => {
    const taxed = (description: string, netMinor: number, taxMinor: number): InvoiceLine => ({
      description,
      quantity: 1,
      unitPriceMinor: netMinor,
      totalMinor: netMinor + taxMinor,
      tax: { netMinor, taxMinor },
    });
    const { text, info } = await readPdf(
      await renderInvoicePdf(
        invoice({
          issuer: { name: 'Sunrise Tours & Travel LLC', taxRegistrationNumber: '100123456700003' },
          lines: [taxed('Desert safari', 35_001, 1_750), taxed('Museum pass (exempt)', 12_000, 0)],
          taxes: [{ name: 'VAT', rateText: '5%', amountMinor: 1_750 }],
          subtotalMinor: 47_001,
          totalMinor: 48_751,
          paidMinor: 0,
          balanceMinor: 48_751,
          status: 'UNPAID',
          payments: [],
          reference: 'Q-2025-000042',
        }),
      ),
    );
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('TRN 100123456700003');
    expect(text).toContain('Reference Q-2025-000042');
    expect(text).toMatch(/NET VAT 5% AMOUNT/);
    expect(text).toMatch(/Desert safari 1 AED 350\.01 AED 350\.01 AED 17\.50 AED 367\.51/);
    expect(text).toMatch(/Museum pass \(exempt\) 1 AED 120\.00 AED 120\.00 AED 0\.00 AED 120\.00/);
    expect(text).toMatch(/Subtotal \(net\) AED 470\.01 VAT 5% AED 17\.50 Total AED 487\.51/);
    expect(info.Title).toBe('Tax invoice INV-2025-000123');
  });

  it('names both parties of a tax invoice and says, while unpaid, by when and how to pay; a paid one does not', async () => {
    const parties = {
      issuer: {
        name: 'Sunrise Tours & Travel L.L.C.',
        address: 'Office 1204, Bay Square 5\nBusiness Bay, Dubai',
        phone: '+971 4 123 4567',
        email: 'accounts@sunrise.example',
        taxRegistrationNumber: '100123456700003',
      },
      customer: { name: 'Gulf Events FZ-LLC', address: 'Building 4, Dubai Media City', taxNumber: '100987654300003' },
      issueDate: '2025-03-12',
      dueDate: '2025-03-26',
    };
    const howToPay = {
      payUrl: 'https://sunrise.example/document/invoicePayment?invoice=INV-2025-000123&key=k',
      bankDetails: 'Emirates NBD\nIBAN AE07 0331 2345 6789 0123 456',
    };
    const unpaid = await readPdf(await renderInvoicePdf(invoice({ ...parties, howToPay })));
    for (const shown of [
      'TAX INVOICE',
      'Sunrise Tours & Travel L.L.C.',
      'Business Bay, Dubai',
      'Tel. +971 4 123 4567',
      'accounts@sunrise.example',
      'TRN 100123456700003',
      'Gulf Events FZ-LLC',
      'Building 4, Dubai Media City',
      'TRN 100987654300003',
      'Due date 26 Mar 2025',
      'How to pay: AED 284.62 is due by 26 Mar 2025.',
      `Pay online by card: ${howToPay.payUrl}`,
      'By bank transfer, quoting INV-2025-000123 as the reference:',
      'IBAN AE07 0331 2345 6789 0123 456',
    ]) {
      expect(unpaid.text, shown).toContain(shown);
    }
    // dates without times
    expect(unpaid.text).not.toMatch(/26 Mar 2025 \d/);
    const paid = await readPdf(
      await renderInvoicePdf(invoice({ ...parties, howToPay, status: 'PAID', paidMinor: 128_462, balanceMinor: 0 })),
    );
    expect(paid.text).toContain('TRN 100987654300003');
    for (const hidden of ['Due date', 'How to pay', 'Pay online', 'IBAN']) expect(paid.text).not.toContain(hidden);
    const nowhere = await readPdf(await renderInvoicePdf(invoice({ ...parties })));
    expect(nowhere.text).toContain('Please contact us to pay.');
  });

  it('is a plain invoice without a registration number, and without tax columns when its lines carry no tax', async () => {
    const { text } = await readPdf(await renderInvoicePdf(invoice({ taxes: [], subtotalMinor: 122_345 })));
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('TRN');
    expect(text).toContain('DESCRIPTION QTY UNIT PRICE AMOUNT');
    expect(text).not.toContain('NET');
  });
});
