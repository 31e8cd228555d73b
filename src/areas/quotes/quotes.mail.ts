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
  /** "11 Apr 2026 10:15" */
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
