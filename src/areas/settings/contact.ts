// The agency's contact as its pages link it (the tickets page, the payment pages): tel: for the phone, wa.me for
// WhatsApp, mailto: for the e-mail; and as one line for e-mails and PDFs.
import type { AgencyContact } from './settings.service.js';

/** Template values of the contact (templates/layouts/agency-contact.html reads them); hasContact: any is given. */
export function contactLinks(contact: AgencyContact) {
  const digits = (number: string) => number.replace(/[^0-9]/g, '');
  return {
    hasContact: Boolean(contact.phone || contact.whatsapp || contact.email),
    contactPhone: contact.phone ?? '',
    contactPhoneHref: contact.phone ? `tel:+${digits(contact.phone)}` : '',
    contactWhatsapp: contact.whatsapp ?? '',
    contactWhatsappHref: contact.whatsapp ? `https://wa.me/${digits(contact.whatsapp)}` : '',
    contactEmail: contact.email ?? '',
  };
}

/** The contact on one line: "Phone +971 4 123 4567 · WhatsApp +971 50 123 4567 · help@agency.example"; null: none. */
export function contactLine(contact: AgencyContact): string | null {
  const parts = [
    contact.phone && `Phone ${contact.phone}`,
    contact.whatsapp && `WhatsApp ${contact.whatsapp}`,
    contact.email,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' · ') : null;
}
