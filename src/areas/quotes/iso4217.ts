// ISO 4217 numeric currency codes (contract §7.4: a quote's `currencyId` is the numeric code, 784 = AED) and their
// alphabetic codes, for every currency src/platform/money.ts names and the common ones of a travel agency's
// markets. Pure lookups; a code missing here is refused where a request names it, never guessed.

const NUMERIC_BY_ALPHA: Readonly<Record<string, number>> = {
  // money.ts: minor unit other than the hundredth
  BIF: 108,
  CLP: 152,
  DJF: 262,
  GNF: 324,
  ISK: 352,
  JPY: 392,
  KMF: 174,
  KRW: 410,
  PYG: 600,
  RWF: 646,
  UGX: 800,
  UYI: 940,
  VND: 704,
  VUV: 548,
  XAF: 950,
  XOF: 952,
  XPF: 953,
  BHD: 48,
  IQD: 368,
  JOD: 400,
  KWD: 414,
  LYD: 434,
  OMR: 512,
  TND: 788,
  // the Gulf, its neighbours and the usual source markets
  AED: 784,
  SAR: 682,
  QAR: 634,
  EGP: 818,
  LBP: 422,
  MAD: 504,
  TRY: 949,
  ILS: 376,
  IRR: 364,
  AZN: 944,
  GEL: 981,
  AMD: 51,
  KZT: 398,
  UZS: 860,
  PKR: 586,
  INR: 356,
  LKR: 144,
  NPR: 524,
  BDT: 50,
  MVR: 462,
  CNY: 156,
  HKD: 344,
  SGD: 702,
  MYR: 458,
  THB: 764,
  IDR: 360,
  PHP: 608,
  TWD: 901,
  AUD: 36,
  NZD: 554,
  USD: 840,
  CAD: 124,
  MXN: 484,
  BRL: 986,
  ARS: 32,
  EUR: 978,
  GBP: 826,
  CHF: 756,
  SEK: 752,
  NOK: 578,
  DKK: 208,
  PLN: 985,
  CZK: 203,
  HUF: 348,
  RON: 946,
  RUB: 643,
  UAH: 980,
  ZAR: 710,
  KES: 404,
  NGN: 566,
  TZS: 834,
  ETB: 230,
};

const ALPHA_BY_NUMERIC: ReadonlyMap<number, string> = new Map(
  Object.entries(NUMERIC_BY_ALPHA).map(([alpha, numeric]) => [numeric, alpha]),
);

/** The alphabetic code of an ISO 4217 numeric code (784 → 'AED'), or undefined when this table lacks it. */
export function currencyAlphaOf(numeric: number): string | undefined {
  return ALPHA_BY_NUMERIC.get(numeric);
}

/** The numeric code of an alphabetic one ('aed' → 784), or undefined when this table lacks it. */
export function currencyNumericOf(alpha: string): number | undefined {
  return NUMERIC_BY_ALPHA[alpha.trim().toUpperCase()];
}
