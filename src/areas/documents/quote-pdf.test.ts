import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf.js';
import { type QuoteDocument, type QuoteLine, quoteFigures, renderQuotePdf } from './quote-pdf.js';

function line(description: string, quantity: number, unitPriceMinor: number, taxPercent = 5): QuoteLine {
  const netMinor = quantity * unitPriceMinor;
  return {
    description,
    quantity,
    unitPriceMinor,
    netMinor,
    taxMinor: Math.round((netMinor * taxPercent) / 100),
    taxText: `${taxPercent}%`,
  };
}

function quote(overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    issuer: { name: 'Sunrise Tours & Travel LLC', taxRegistrationNumber: '100234567800003' },
    quoteNumber: 'QUO-2026-000042',
    issueDate: '2026-03-12',
    validUntil: '2026-04-11',
    status: 'SENT',
    currency: 'AED',
    customer: { name: 'Amira Hashimi', email: 'amira@example.com', phone: '+971 50 123 4567' },
    lines: [line('Desert safari with BBQ dinner', 2, 35_000), line('Dhow cruise, Dubai Marina', 1, 52_345, 0)],
    taxLabel: 'VAT 5%',
    netMinor: 122_345,
    taxMinor: 3_500,
    totalMinor: 125_845,
    ...overrides,
  };
}

describe('renderQuotePdf', () => {
  it('shows the tenant, its tax number, the customer, the lines with their tax, the totals and the validity', async () => {
    const buffer = await renderQuotePdf(quote());
    expect(buffer.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { pages, text, info } = await readPdf(buffer);
    expect(pages).toHaveLength(1);
    for (const shown of [
      'QUOTE',
      'QUO-2026-000042',
      'Sunrise Tours & Travel LLC',
      'TRN 100234567800003',
      'QUOTE FOR',
      'Amira Hashimi',
      'amira@example.com',
      'DESCRIPTION QTY UNIT PRICE VAT AMOUNT',
      // net lines: quantity, unit price, the line's rate, the line without tax
      'Desert safari with BBQ dinner 2 AED 350.00 5% AED 700.00',
      'Dhow cruise, Dubai Marina 1 AED 523.45 0% AED 523.45',
      'Net amount AED 1,223.45 VAT 5% AED 35.00 Total AED 1,258.45',
      'SENT',
      '12 Mar 2026',
      'Valid until 11 Apr 2026',
      'This quote is valid until 11 Apr 2026.',
    ]) {
      expect(text, shown).toContain(shown);
    }
    expect(info.Title).toBe('Quote QUO-2026-000042');
    expect(info.Author).toBe('Sunrise Tours & Travel LLC');
  });

  it('leaves out the tax columns and the tax number when the tenant charges no tax and has none', async () => {
    const lines = [line('Museum entry', 3, 5_000, 0)];
    const { text } = await readPdf(
      await renderQuotePdf(
        quote({
          lines,
          taxLabel: undefined,
          issuer: { name: 'Sunrise Tours & Travel LLC' },
          netMinor: 15_000,
          taxMinor: 0,
          totalMinor: 15_000,
        }),
      ),
    );
    expect(text).not.toContain('VAT');
    expect(text).not.toContain('TRN');
    expect(text).toContain('AED 150.00');
  });

  it('paginates many lines with the table header on every page, and shows an empty quote', async () => {
    const lines = Array.from({ length: 90 }, (_, index) => line(`Airport transfer ${index + 1}`, 1, 12_000));
    const { pages, text } = await readPdf(await renderQuotePdf(quote({ lines })));
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain('Airport transfer 90');
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('DESCRIPTION');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    const empty = await readPdf(await renderQuotePdf(quote({ lines: [], netMinor: 0, taxMinor: 0, totalMinor: 0 })));
    expect(empty.text).toContain('No items yet');
  });

  it('uses the minor unit of the currency and refuses amounts that are not whole minor units', async () => {
    const kwd = await readPdf(
      await renderQuotePdf(
        quote({
          currency: 'KWD',
          lines: [line('Failaka trip', 1, 12_345, 0)],
          netMinor: 12_345,
          taxMinor: 0,
          totalMinor: 12_345,
        }),
      ),
    );
    expect(kwd.text).toContain('KWD 12.345');
    await expect(renderQuotePdf(quote({ totalMinor: 1.5 }))).rejects.toThrow(/totalMinor/);
  });

  it('prints the terms under the validity, and the figures it draws are the ones quoteFigures answers', async () => {
    const terms = 'Prices hold until the date of validity.\nCancellation: free until 48 hours before the tour.';
    const document = quote({ terms, status: 'ACCEPTED', answeredOn: '2026-03-14' });
    const { text } = await readPdf(await renderQuotePdf(document));
    expect(text).toContain('Terms and conditions');
    expect(text).toContain('Cancellation: free until 48 hours before the tour.');
    expect(text).toContain('Answered 14 Mar 2026');
    const figures = quoteFigures(document);
    expect(figures.totals).toEqual([
      { label: 'Net amount', value: 'AED 1,223.45' },
      { label: 'VAT 5%', value: 'AED 35.00' },
      { label: 'Total', value: 'AED 1,258.45', strong: true },
    ]);
    for (const figure of figures.lines) {
      expect(text).toContain(
        [figure.description, figure.quantity, figure.unitPrice, figure.tax, figure.amount].join(' '),
      );
    }
    expect(figures.validUntil).toBe('11 Apr 2026');
  });
});
