// The WOFF font unwrapped: fontkit reads the SFNT file as the same font (names, glyphs, metrics, a glyph's outline).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isWoff, woffToSfnt } from './woff.js';

const require = createRequire(import.meta.url);

describe('woffToSfnt', () => {
  it('unwraps Noto Sans Math into the same font, every table inflated', async () => {
    const fontkit = await import('fontkit');
    const woff = await readFile(
      require.resolve('@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff'),
    );
    expect(isWoff(woff)).toBe(true);
    const sfnt = woffToSfnt(woff);
    expect(isWoff(sfnt)).toBe(false);
    const [wrapped, plain] = [fontkit.create(woff), fontkit.create(sfnt)];
    if (!('unitsPerEm' in wrapped) || !('unitsPerEm' in plain)) throw new Error('a font collection');
    expect(plain.type).toBe('TTF');
    expect(plain.postscriptName).toBe(wrapped.postscriptName);
    expect(plain.numGlyphs).toBe(wrapped.numGlyphs);
    expect(plain.unitsPerEm).toBe(wrapped.unitsPerEm);
    const arrow = '→'.codePointAt(0) ?? 0;
    expect(plain.hasGlyphForCodePoint(arrow)).toBe(true);
    const [before, after] = [wrapped.glyphForCodePoint(arrow), plain.glyphForCodePoint(arrow)];
    expect(after.id).toBe(before.id);
    expect(after.advanceWidth).toBe(before.advanceWidth);
    expect(after.path.toSVG()).toBe(before.path.toSVG());
  });

  it('refuses what is not a WOFF file', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, not at all, not at all, no'))).toThrow(/WOFF/);
  });
});
