// The frame of an agency's own pages a customer opens from its e-mails (a quote to answer, an error page of a link):
// templates/layouts/agency-page.html in the agency's name and colours, the page's language and direction, and its
// contact in the footer when the agency gave one (settings contactEmail and phone, the ones its documents print).
import type { Branding } from './branding.js';
import { directionOf, formatMessage, type Language } from './language.js';
import type { TemplateValues } from './html.js';

const CONTACT_LABEL: Readonly<Record<Language, string>> = {
  en: 'Questions? Contact {name}:',
  ar: 'هل لديك سؤال؟ تواصل مع {name}:',
};

/** The layout's values: `agency`, `title`, `lang`, `dir`, `brand` (its colours) and `contact` (null: none). */
export function agencyPageValues(branding: Branding, language: Language, title: string): TemplateValues {
  const { contactEmail: email, contactPhone: phone } = branding;
  const contact =
    email || phone
      ? {
          label: formatMessage(CONTACT_LABEL[language], { name: branding.name }),
          email,
          phone,
          phoneLink: phone?.replace(/[^\d+]/g, '') ?? null,
        }
      : null;
  return {
    agency: branding.name,
    title,
    lang: language,
    dir: directionOf(language),
    brand: {
      brandColor: branding.brandColor,
      brandTextColor: branding.brandTextColor,
      accentColor: branding.accentColor,
      accentTextColor: branding.accentTextColor,
    },
    contact,
  };
}
