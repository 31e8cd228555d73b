// How business documents write amounts, dates and quantities as text: one place, so an invoice and a quote agree.
// Amounts: the platform's one formatter ("AED 1,234.50"), shared with pages and mails.
export { formatMinorAmount } from '../../platform/money.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-MM-dd (optionally with a time) as "5 Mar 2025" ("5 Mar 2025 14:30"); other text as it is. */
export function formatDateText(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text.trim());
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return text;
  const time = match[4] && match[5] ? ` ${match[4]}:${match[5]}` : '';
  return `${Number(match[3])} ${month} ${match[1]}${time}`;
}

const QUANTITY_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** A quantity with thousands separators and at most three decimals ("1,200", "2.5"). */
export function formatQuantity(quantity: number): string {
  return QUANTITY_FORMAT.format(quantity);
}
