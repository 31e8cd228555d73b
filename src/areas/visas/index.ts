// The visa area (contract §3: employees only; §7.5): applications of customers with their applicants, documents (files
// kept by the documents area's uploads), deliveries, requirements (behind a provider port, the table staff keep by
// default) and invoices paid through payment links (tables visa_*; the links are the payments area's, an invoice
// is an owner kind of it).
// One sub-folder per part, each reached through its index.ts: model/ (repositories, schemas, view, the requirements
// port) below applications/, which documents/ and invoices/ lean on. This file composes them and is the only face the
// service sees.
import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '../../platform/area.js';
import type { CommonApi } from '../common/index.js';
import type { CustomersApi } from '../customers/index.js';
import type { DocumentsApi } from '../documents/index.js';
import type { PaymentsApi } from '../payments/index.js';
import {
  createApplicantService,
  createApplicationService,
  applicantOperations,
  applicationOperations,
} from './applications/index.js';
import {
  createDeliveryService,
  createDocumentService,
  deliveryOperations,
  documentOperations,
} from './documents/index.js';
import {
  invoicePaymentOwner,
  createInvoiceService,
  createRequirementService,
  invoiceOperations,
  requirementOperations,
} from './invoices/index.js';
import { type RequirementsProvider, tableRequirements } from './model/index.js';
import { visaRecords } from './visas.records.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'visa',
    description: 'Visa applications, applicants, documents, deliveries, requirements and invoices (employees)',
  },
];

export type { RequirementKey, RequirementsProvider, VisaRequirement } from './model/index.js';

export interface VisasAreaDeps {
  /** Where an invoice registers as an owner of payment links. */
  payments: PaymentsApi;
  customers: Pick<CustomersApi, 'findById'>;
  countries: Pick<CommonApi, 'countryByCode'>;
  documents: Pick<DocumentsApi, 'findUpload' | 'openUpload'>;
  /** Where requirements come from: the table staff keep unless an external provider is given. */
  requirements?: RequirementsProvider;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

export function createVisasArea(deps: VisasAreaDeps): Area {
  const visaDeps = { ...deps, requirements: deps.requirements ?? tableRequirements };
  const links = deps.payments.registerOwner(invoicePaymentOwner(deps));
  return {
    tags: TAGS,
    operations: [
      ...applicationOperations(createApplicationService(visaDeps)),
      ...applicantOperations(createApplicantService(visaDeps)),
      ...documentOperations(createDocumentService(visaDeps)),
      ...deliveryOperations(createDeliveryService()),
      ...requirementOperations(createRequirementService(visaDeps)),
      ...invoiceOperations(createInvoiceService(visaDeps), {
        create: async (ctx, invoiceId) => ({ invoiceId, ...(await links.createLink(ctx, invoiceId)) }),
      }),
      ...links.operations,
    ],
    api: undefined,
    records: visaRecords(deps.documents),
    jobs: [links.roundJob('visa invoice payment links')],
  };
}
