// The parties of a business document as its text shows them: the issuer (the agency: its legal name, address,
// contact and tax registration number) and the customer it is addressed to. One place, so an invoice and a quote
// name both sides alike.
import type { DocumentParty } from '../../platform/rendering/pdf/index.js';

/** The agency issuing the document. Texts as printed; the address one line per line. */
export interface DocumentIssuer {
  name: string;
  address?: string;
  phone?: string;
  email?: string;
  /** The tax registration number (TRN): a registered issuer's invoice is a tax invoice. */
  taxRegistrationNumber?: string;
}

/** What the agency's settings name of it (settings' AgencyDetails): the issuer's source. */
export interface IssuerDetails {
  legalName: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** The agency as a document's issuer: what its settings name, nothing invented. */
export function issuerOf(agency: IssuerDetails, taxRegistrationNumber: string | null | undefined): DocumentIssuer {
  return {
    name: agency.legalName,
    ...(agency.address ? { address: agency.address } : {}),
    ...(agency.phone ? { phone: agency.phone } : {}),
    ...(agency.email ? { email: agency.email } : {}),
    ...(taxRegistrationNumber ? { taxRegistrationNumber } : {}),
  };
}

/** The customer a document is addressed to; what is not known is left out. */
export interface DocumentCustomer {
  name: string;
  email?: string;
  phone?: string;
  /** One line per line. */
  address?: string;
  /** The customer's own tax registration number, when it has one. */
  taxNumber?: string;
}

/** The issuer's lines under its name: address, telephone and e-mail, TRN. */
export function issuerLines(issuer: DocumentIssuer): string | undefined {
  const contact = [issuer.phone && `Tel. ${issuer.phone}`, issuer.email].filter(Boolean).join('  ·  ');
  const lines = [issuer.address, contact, issuer.taxRegistrationNumber && `TRN ${issuer.taxRegistrationNumber}`];
  const text = lines.filter(Boolean).join('\n');
  return text || undefined;
}

/** The customer's block under a heading ("BILL TO", "QUOTE FOR"): name, address, TRN, e-mail, telephone. */
export function customerParty(heading: string, customer: DocumentCustomer): DocumentParty {
  return {
    heading,
    name: customer.name,
    details: [customer.address, customer.taxNumber && `TRN ${customer.taxNumber}`, customer.email, customer.phone],
  };
}
