// The e-mail of a sent quote: the PDF attached, and a link whose query has token=<value> (contract §6) to the page
// where the customer accepts or declines it.
import type { OutgoingMail } from '../../platform/outbox/index.js';
import { shippedTemplate } from '../../platform/rendering/html.js';

const LETTER = shippedTemplate('mail/letter.html');

export interface SentQuoteMail {
  to: string;
  customerName: string;
  agency: string;
  quoteNumber: string;
  /** "AED 1,234.50" */
  total: string;
  /** "11 Apr 2026": the last day it may be accepted */
  validUntil: string;
  responseUrl: string;
  pdf: Buffer;
}

export function sentQuoteMail(mail: SentQuoteMail): OutgoingMail {
  const greeting = `Hello ${mail.customerName},`;
  const paragraphs = [
    `Please find attached our quote ${mail.quoteNumber} for ${mail.total}.`,
    `It is valid until ${mail.validUntil}. You can accept or decline it online:`,
  ];
  return {
    to: mail.to,
    subject: `Your quote ${mail.quoteNumber} from ${mail.agency}`,
    text: [greeting, '', ...paragraphs, mail.responseUrl, '', mail.agency, ''].join('\n'),
    html: LETTER({
      greeting,
      paragraphs,
      link: { url: mail.responseUrl, label: 'View, accept or decline the quote' },
      signature: mail.agency,
    }),
    attachments: [{ filename: `${mail.quoteNumber}.pdf`, contentType: 'application/pdf', content: mail.pdf }],
  };
}

/** What the agency's staff are told when a customer answers a sent quote on its page. */
export interface QuoteAnsweredMail {
  /** The agency's notification address (settings' notificationEmail). */
  to: string;
  agency: string;
  quoteNumber: string;
  customerName: string;
  decision: 'accepted' | 'declined';
  /** "14 Mar 2026 10:30", the tenant's time */
  when: string;
  /** "AED 1,258.45" */
  total: string;
  /** The invoice the acceptance made, and its due date ("28 Mar 2026"). */
  invoice?: { number: string; dueDate: string };
  /** Accepted, but no invoice was made: why. */
  notInvoiced?: string;
  /** The customer's reason for declining, as written. */
  reason?: string;
}

/** One line of a subject: a name with line breaks cannot add headers or lines. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

export function quoteAnsweredMail(mail: QuoteAnsweredMail): OutgoingMail {
  const customer = oneLine(mail.customerName);
  const paragraphs = [
    `${customer} ${mail.decision} quote ${mail.quoteNumber} (${mail.total}) on ${mail.when}.`,
    ...(mail.invoice
      ? [
          `Invoice ${mail.invoice.number} was issued for it, due ${mail.invoice.dueDate}; the customer was offered to pay it online.`,
        ]
      : []),
    ...(mail.notInvoiced ? [`No invoice was issued: ${mail.notInvoiced}`] : []),
    ...(mail.decision === 'declined' ? [mail.reason ? `Reason given: ${mail.reason}` : 'No reason was given.'] : []),
  ];
  return {
    to: mail.to,
    subject: `Quote ${mail.quoteNumber} ${mail.decision} by ${customer}`,
    text: [...paragraphs, '', mail.agency, ''].join('\n'),
    html: LETTER({ greeting: `Quote ${mail.quoteNumber} was ${mail.decision}.`, paragraphs, signature: mail.agency }),
    // a quote is answered once: a retried transaction or a repeated form queues this mail once
    dedupeKey: `quote-answered:${mail.quoteNumber}`,
  };
}
