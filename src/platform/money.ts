// Money is exact: amounts travel as integer minor units (fils, cents) and are parsed from the decimal text
// PostgreSQL's numeric gives, never through binary floating point sums. Answers show numbers rounded to the
// currency's minor unit (contract §5).

/** ISO 4217 currencies whose minor unit is not the hundredth. */
const EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

// Answers ask for every amount's exponent: the code as given is looked up once.
const exponentsByCode = new Map<string, number>();

export function minorUnitExponent(currency: string): number {
  let exponent = exponentsByCode.get(currency);
  if (exponent === undefined) {
    exponent = EXPONENTS[currency.toUpperCase()] ?? 2;
    if (exponentsByCode.size < 1000) exponentsByCode.set(currency, exponent);
  }
  return exponent;
}

/**
 * The amount in minor units, from a decimal string (numeric from PostgreSQL) or a number (request input);
 * digits beyond the minor unit are rounded half away from zero.
 */
export function toMinor(amount: string | number, currency: string): number {
  const exponent = minorUnitExponent(currency);
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not a decimal amount: ${text}`);
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0');
  let minor = Number(whole || '0') * 10 ** exponent + Number(kept || '0');
  if ((fraction[exponent] ?? '0') >= '5') minor += 1;
  return sign ? -minor : minor;
}

/** A number for an answer: minor units back to the currency's decimal value. */
export function fromMinor(minor: number, currency: string): number {
  const exponent = minorUnitExponent(currency);
  return Number((minor / 10 ** exponent).toFixed(exponent));
}

/**
 * Decimal text (PostgreSQL's numeric) as an answer's number, rounded to the currency's minor unit. Most stored
 * amounts have no digit past the minor unit but zeros (numeric(14,3) holds "150.500" for 150.50 AED): those are
 * the number of their own text, which spares the minor-unit round trip on every amount of a long answer.
 */
export function decimalAmount(text: string, currency: string): number {
  const dot = text.indexOf('.');
  if (dot !== -1) {
    for (let i = dot + 1 + minorUnitExponent(currency); i < text.length; i++) {
      if (text[i] !== '0') return fromMinor(toMinor(text, currency), currency);
    }
  }
  const value = Number(text);
  return Number.isNaN(value) || text.trim() === '' ? fromMinor(toMinor(text, currency), currency) : value;
}

/** Decimal text for SQL numeric parameters. */
export function minorToDecimalString(minor: number, currency: string): string {
  const exponent = minorUnitExponent(currency);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return negative ? `-${text}` : text;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new Error('not a finite amount');
  // toFixed(10) avoids exponent notation for small and large values alike
  return value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * An amount in minor units as people read it, on documents, pages and mails alike: the currency code, then the
 * decimal value with the currency's minor unit and thousands separators ("AED 1,234.50", "JPY 1,234",
 * "KWD 1,234.500", "AED -5.00").
 */
export function formatMinorAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not an integer amount of minor units: ${minor}`);
  const exponent = minorUnitExponent(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency.trim().toUpperCase()} ${minor < 0 ? '-' : ''}${grouped}${fraction}`;
}

/** A decimal amount as people read it (formatMinorAmount): "AED 1,250.50". */
export function displayAmount(amount: string | number, currency: string): string {
  return formatMinorAmount(toMinor(amount, currency), currency);
}
