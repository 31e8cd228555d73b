// The account e-mails. Each carries its token in a link whose query string has token=<value> (contract §6).
import type { OutgoingMail } from '../../platform/outbox/index.js';
import { shippedTemplate } from '../../platform/rendering/html.js';

const LETTER = shippedTemplate('mail/letter.html');

interface Recipient {
  email: string;
  name: string | null;
}

function mail(
  to: Recipient,
  subject: string,
  paragraphs: string[],
  link: { url: string; label: string },
): OutgoingMail {
  const greeting = `Hello ${to.name ?? to.email},`;
  return {
    to: to.email,
    subject,
    text: [greeting, '', ...paragraphs, '', `${link.label}: ${link.url}`, ''].join('\n'),
    html: LETTER({ greeting, paragraphs, link }),
  };
}

export function activationMail(to: Recipient, agency: string, activationUrl: string): OutgoingMail {
  return mail(
    to,
    `Activate your ${agency} account`,
    [`Thank you for registering with ${agency}.`, 'Open the link below within 48 hours to activate your account.'],
    { url: activationUrl, label: 'Activate my account' },
  );
}

export function passwordResetMail(to: Recipient, agency: string, resetUrl: string): OutgoingMail {
  return mail(
    to,
    `Reset your ${agency} password`,
    [
      'Someone asked to reset the password of your account.',
      'Open the link below within one hour to choose a new password. If it was not you, ignore this message.',
    ],
    { url: resetUrl, label: 'Choose a new password' },
  );
}
