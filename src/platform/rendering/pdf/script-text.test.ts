// The text layout of every PDF: which face draws what, the order the pieces of a line take from left to right
// (bidi-js), and lines that wrap. The pieces are what pdfkit is given; Arabic pieces are in logical order, since
// fontkit shapes them and lays them out right to left itself.
import { describe, expect, it } from 'vitest';
import { pdfBytes } from './pdf-bytes.js';
import { layoutText, type TextLine, UNSUPPORTED_TEXT_MARK } from './script-text.js';

/** The lines of the text as [text, font] pieces from left to right, laid out in a real document. */
async function lines(text: string, maxWidth?: number): Promise<Array<Array<[string, string]>>> {
  let laidOut: TextLine[] = [];
  const margins = { top: 50, left: 50, right: 50, bottom: 50 };
  await pdfBytes({ title: 'test', author: 'test', margins }, (doc) => {
    laidOut = layoutText(doc, text, { weight: 'regular', size: 10 }, maxWidth);
  });
  return laidOut.map((line) => line.pieces.map((piece): [string, string] => [piece.text, piece.face.name]));
}

describe('the pieces of a line', () => {
  it('draws Latin text in Noto Sans, as one piece', async () => {
    expect(await lines('Café “Zoë” – 5 € … naïve Łódź Ελληνικά Русский')).toEqual([
      [['Café “Zoë” – 5 € … naïve Łódź Ελληνικά Русский', 'NotoSans-Regular']],
    ]);
  });

  it('keeps a Latin label first and gives the Arabic after it in logical order, in the Arabic face', async () => {
    expect(await lines('Pickup: فندق الريتز')).toEqual([
      [
        ['Pickup: ', 'NotoSans-Regular'],
        ['فندق الريتز', 'Vazirmatn-Regular'],
      ],
    ]);
  });

  it('lays out a paragraph that starts in Arabic right to left: the Latin name it ends with is on the left', async () => {
    expect(await lines('محمد Ali')).toEqual([
      [
        ['Ali', 'NotoSans-Regular'],
        ['محمد ', 'Vazirmatn-Regular'],
      ],
    ]);
  });

  it('mirrors brackets in right-to-left text and keeps numbers left to right', async () => {
    const [line] = await lines('فندق (الريتز) 2025 ٥١');
    expect(line).toEqual([
      ['١٥', 'Vazirmatn-Regular'], // Arabic-Indic digits: given reversed, laid out reversed again by fontkit
      [' ', 'Vazirmatn-Regular'],
      ['2025', 'NotoSans-Regular'],
      // mirrored: fontkit lays the logical text out backwards, so ")" given here is drawn on the left as "("
      ['فندق )الريتز( ', 'Vazirmatn-Regular'],
    ]);
  });

  it('draws the arrow Noto Sans lacks in Noto Sans Math', async () => {
    expect(await lines('DXB → LHR')).toEqual([
      [
        ['DXB ', 'NotoSans-Regular'],
        ['→', 'NotoSansMath-Regular'],
        [' LHR', 'NotoSans-Regular'],
      ],
    ]);
  });

  it('draws a compatibility form in its plain letters, and what no font holds as one mark per run', async () => {
    expect(await lines('Ａ 東京 tour 🚀!')).toEqual([
      [[`A ${UNSUPPORTED_TEXT_MARK} tour ${UNSUPPORTED_TEXT_MARK}!`, 'NotoSans-Regular']],
    ]);
  });

  it('drops control and invisible characters, keeps paragraphs and makes tabs spaces', async () => {
    expect(await lines('a\r\nb\tc\u0007d\u200Be')).toEqual([
      [['a', 'NotoSans-Regular']],
      [['b cde', 'NotoSans-Regular']],
    ]);
  });
});

describe('wrapped lines', () => {
  it('wrap at spaces, an Arabic sentence keeping its first words on its first line', async () => {
    const wrapped = await lines('رحلة السفاري الصحراوية مع عشاء تحت النجوم', 120);
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped[0]?.at(-1)?.[0]).toMatch(/^رحلة السفاري/);
    expect(
      wrapped
        .flat()
        .map(([text]) => text.trim())
        .join(' '),
    ).toBe('رحلة السفاري الصحراوية مع عشاء تحت النجوم');
  });

  it('cut a word wider than the box between its characters', async () => {
    const wrapped = await lines(`x${'W'.repeat(60)} end`, 100);
    expect(wrapped.length).toBeGreaterThan(2);
    expect(
      wrapped
        .flat()
        .map(([text]) => text)
        .join(''),
    ).toBe(`x${'W'.repeat(60)}end`);
  });
});
