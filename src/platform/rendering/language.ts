// The language of a page a browser sees, from its Accept-Language (RFC 9110 §12.5.4): the first of the service's
// languages the browser ranks highest, else English. Arabic pages are written right to left.

export type Language = 'en' | 'ar';
export const LANGUAGES: readonly Language[] = ['en', 'ar'];

const isLanguage = (tag: string): tag is Language => LANGUAGES.some((language) => language === tag);

/** `ar-AE,ar;q=0.9,en;q=0.8` → 'ar'. Ranges are compared by their primary subtag; `*` and q=0 choose nothing. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .slice(0, 1000)
    .split(',')
    .map((part, position) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => p.trim().match(/^q=([01](?:\.\d{0,3})?)$/i)?.[1]).find(Boolean);
      return { primary: range.trim().split('-')[0]?.toLowerCase() ?? '', quality: q ? Number(q) : 1, position };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? 'en';
}

/** The `dir` of a page in that language. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** `{name}` placeholders of a catalogue's text filled (the result is text: the template engine escapes it). */
export function formatMessage(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
