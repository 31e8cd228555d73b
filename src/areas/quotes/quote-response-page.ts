// The page a customer opens from a sent quote's e-mail: the agency's name, the quote (lines, net, tax, total,
// validity) and two buttons, Accept and Decline, posting the form back with the token; and the plain pages for a
// decision taken, or a link used, expired or unknown. Templates templates/quotes/ (the engine escapes every value);
// nothing loads from elsewhere. In the agency's colours, with its contact when it gave one.
import { agencyPageValues } from '../../platform/rendering/agency-page.js';
import type { Branding } from '../../platform/rendering/branding.js';
import { shippedTemplate } from '../../platform/rendering/html.js';

/** The quote as the page shows it: every text already formatted (amounts with their currency, dates). */
export interface QuotePageView {
  agency: string;
  quoteNumber: string;
  customerName: string;
  validUntil: string;
  lines: Array<{ description: string; quantity: string; amount: string }>;
  net: string;
  tax: string;
  total: string;
  token: string;
}

const QUOTE = shippedTemplate('quotes/quote.html');
const MESSAGE = shippedTemplate('quotes/message.html');

export function quotePage(branding: Branding, view: QuotePageView): string {
  return QUOTE({ ...view, ...agencyPageValues(branding, 'en', `Quote ${view.quoteNumber}`) });
}

export function messagePage(branding: Branding, title: string, message: string): string {
  return MESSAGE({ ...agencyPageValues(branding, 'en', title), message });
}
