// The text layer of every PDF (what copy, search and screen readers read: the ToUnicode map pdfkit writes from the
// laid-out glyphs) is right whatever the process drew before: the fonts are parsed once per process and shared.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../test/support/pdf.js';
import { pdfBytes } from './pdf-bytes.js';
import { drawWrapped, FONT, FONT_BOLD } from './pdf-drawing.js';

const NAME = 'مريم الهاشمي';

/** The text pdf.js reads from a PDF with the lines drawn, each in the regular and the bold face. */
async function drawnText(lines: readonly string[]): Promise<string> {
  const margins = { top: 50, left: 50, right: 50, bottom: 50 };
  const pdf = await pdfBytes({ title: 'text layer', author: 'test', margins }, (doc) => {
    let y = 50;
    for (const line of lines) {
      for (const font of [FONT, FONT_BOLD]) y += drawWrapped(doc, line, 50, y, 400, { font }) + 4;
    }
  });
  return (await readPdf(pdf)).text;
}

describe('the text layer of a PDF', () => {
  it('reads an Arabic name back after other documents drew Latin and Arabic text in the same process', async () => {
    const warming = [
      'Desert Safari رحلة السفاري الصحراوية with dune bashing, camel rides and henna painting',
      'Sunrise Tours شركة',
      'أميرة Amira',
      'شارع ٥, Jumeirah',
      'الجمعة 2025-03-14',
      'Airport → فندق الريتز كارلتون',
    ];
    expect(await drawnText(warming)).toContain('رحلة السفاري الصحراوية');

    const text = await drawnText([NAME, `Mariam ${NAME}`]);
    expect(text).toContain(NAME);
    expect(text).toContain(`Mariam ${NAME}`);
  });
});
