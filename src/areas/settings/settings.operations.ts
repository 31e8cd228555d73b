// /settings/*: the agency's own settings. Employees read them (they quote and invoice with them); only the admin
// changes them.
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import { Settings, WriteSettingsRequest } from './settings.schemas.js';
import { settingsService } from './settings.service.js';

const read = operation({
  path: '/settings/read',
  methods: ['POST'],
  summary: "The agency's settings: notification address, quote validity, sales tax, its pages' colours and contact",
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
    "notificationEmail null goes back to the admin's e-mail; a colour null back to the service's. The colours and " +
    'contact show on the sign-in page and on the ticket, quote and payment pages and their error pages.',
  allow: Allow.admin,
  tags: ['settings'],
  input: WriteSettingsRequest,
  response: Settings,
  handler: (ctx, input) => settingsService.write(ctx, input),
});

export const settingsOperations: OperationDeclaration[] = [read, write];
