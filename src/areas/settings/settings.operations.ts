// /settings/*: the agency's own settings. Employees read them (they quote and invoice with them); only the admin
// changes them.
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import { Settings, WriteSettingsRequest } from './settings.schemas.js';
import { settingsService } from './settings.service.js';

const read = operation({
  path: '/settings/read',
  methods: ['POST'],
  summary:
    "The agency's settings: notification address, quote validity and terms, tax, identity, bank details, colours, " +
    'contact, cancellation policy',
  allow: Allow.employees,
  tags: ['settings'],
  response: Settings,
  handler: (ctx) => settingsService.read(ctx),
});

const write = operation({
  path: '/settings/write',
  methods: ['POST'],
  summary: 'Change the settings named in the request (admin); the others keep their value → the settings',
  description:
    'A VAT rate applies to quotes and invoices created afterwards; documents already issued keep their tax. ' +
    "notificationEmail null goes back to the admin's e-mail; null clears a text setting (legalName null: the " +
    "tenant's name), a colour null goes back to the service's. taxRegistrationNumber of a tenant of the UAE market: " +
    '15 digits. legalName is one line; address at most 6 lines, bankDetails 8; phone: digits, spaces and + ( ) - . /. ' +
    'A refused value: INVALID_FORMAT naming it. The agency details, bank details and payment terms are printed on ' +
    'invoices issued or printed afterwards; quoteTerms on quotes sent afterwards (a sent quote keeps the terms it was ' +
    'sent with). The colours, contactEmail and phone show on the sign-in page and on the ticket, quote and payment ' +
    'pages and their error pages.',
  allow: Allow.admin,
  tags: ['settings'],
  input: WriteSettingsRequest,
  response: Settings,
  handler: (ctx, input) => settingsService.write(ctx, input),
});

export const settingsOperations: OperationDeclaration[] = [read, write];
