// The page a browser gets when a page of the service (a link of an e-mail: tickets, a quote, a payment's return)
// cannot be shown: malformed (400), opened with a session it may not use (403), unknown (404), expired or used
// (410), too many requests (429), or a failure of ours (5xx, with the reference to quote). In the agency's name, colours and contact, in the browser's language;
// never the API's JSON envelope (pretix and Stripe Checkout show a page too).
import type { Branding } from './branding.js';
import { agencyPageValues } from './agency-page.js';
import { shippedTemplate } from './html.js';
import type { Language } from './language.js';

const PAGE = shippedTemplate('errors/page-error.html');

type Kind = 'malformed' | 'refused' | 'unknown' | 'gone' | 'busy' | 'failed';

const WORDS: Readonly<Record<Language, Record<Kind | 'reference', string>>> = {
  en: {
    malformed: 'This link is incomplete or damaged. Please open it again from your e-mail, exactly as it was sent.',
    refused:
      'This page cannot be shown with the sign-in it was opened with. Please open the link from your e-mail again.',
    unknown: 'This link is not valid. Please use the link from your e-mail, or contact us.',
    gone: 'This link has expired or was already used. Please contact us for a new one.',
    busy: 'There are too many requests just now. Please wait a moment and try again.',
    failed: 'Something went wrong on our side. Please try again shortly; if it keeps happening, contact us.',
    reference: 'Reference:',
  },
  ar: {
    malformed: 'هذا الرابط غير مكتمل أو تالف. يُرجى فتحه مرة أخرى من بريدك الإلكتروني كما أُرسل تمامًا.',
    refused: 'لا يمكن عرض هذه الصفحة بتسجيل الدخول الذي فُتحت به. يُرجى فتح الرابط من بريدك الإلكتروني مرة أخرى.',
    unknown: 'هذا الرابط غير صالح. يُرجى استخدام الرابط الموجود في بريدك الإلكتروني، أو التواصل معنا.',
    gone: 'انتهت صلاحية هذا الرابط أو سبق استخدامه. يُرجى التواصل معنا للحصول على رابط جديد.',
    busy: 'هناك طلبات كثيرة جدًا الآن. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
    failed: 'حدث خطأ من جانبنا. يُرجى المحاولة مرة أخرى بعد قليل، وإذا تكرر ذلك فتواصل معنا.',
    reference: 'المرجع:',
  },
};

const TITLES: Readonly<Record<Language, Record<Kind, string>>> = {
  en: {
    malformed: 'This link does not work',
    refused: 'This page cannot be opened',
    unknown: 'Link not valid',
    gone: 'Link expired',
    busy: 'Please wait a moment',
    failed: 'Something went wrong',
  },
  ar: {
    malformed: 'هذا الرابط لا يعمل',
    refused: 'تعذّر فتح هذه الصفحة',
    unknown: 'الرابط غير صالح',
    gone: 'انتهت صلاحية الرابط',
    busy: 'يُرجى الانتظار قليلًا',
    failed: 'حدث خطأ',
  },
};

function kindOf(status: number): Kind {
  if (status === 404) return 'unknown';
  if (status === 401 || status === 403) return 'refused';
  if (status === 410) return 'gone';
  if (status === 429) return 'busy';
  return status >= 500 ? 'failed' : 'malformed';
}

/** The error page of an HTTP status; `reference` (the correlation id) is shown on our own failures only. */
export function errorPageHtml(branding: Branding, language: Language, status: number, reference: string): string {
  const kind = kindOf(status);
  return PAGE({
    ...agencyPageValues(branding, language, TITLES[language][kind]),
    message: WORDS[language][kind],
    reference: kind === 'failed' ? reference : null,
    referenceLabel: WORDS[language].reference,
  });
}
