// The quotes area: quotes an agency makes for its customers (tables quotes, quote_items, quote_response_tokens;
// numbers from the platform's counter), served under /document/* as the specification places them, with their PDF,
// their sending by e-mail and the customer's answer on a page of the service (which invoices an accepted quote,
// offers to pay it, and tells the agency's staff).
import type { Area } from '../../platform/area.js';
import { createMailQueue, type OutboxWorker } from '../../platform/outbox/index.js';
import type { CustomerRecordOf, CustomersApi } from '../customers/index.js';
import type { SalesApi } from '../sales/index.js';
import type { DocumentsApi } from '../documents/index.js';
import type { SettingsApi } from '../settings/index.js';
import type { Brands } from '../../platform/rendering/branding.js';
import { createQuoteDocuments } from './quote-document.js';
import { quoteExtraOperations } from './quote-extras.operations.js';
import { createQuoteFollowUps } from './quote-followups.js';
import { createQuoteResponses } from './quote-response.js';
import { createQuoteSending } from './quote-sending.js';
import type { QuotesCatalog } from './quoted-products.js';
import { quoteOperations } from './quotes.operations.js';
import { quoteRecords } from './quotes.records.js';
import { createQuoteService } from './quotes.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'quotes',
    description:
      "Quotes for customers (/document/*): numbered DRAFTs with taxed lines, their PDF, sending and the customer's answer",
  },
];

export interface QuotesAreaDeps {
  customers: Pick<CustomersApi, 'findById' | 'addressOf' | 'markTripRequestQuoted'>;
  /** An accepted quote's invoice (invoiceForLines), and what its payer is shown of it (invoicePayState). */
  sales: Pick<SalesApi, 'invoiceForLines' | 'invoicePayState'>;
  settings: SettingsApi;
  catalog: QuotesCatalog;
  documents: Pick<DocumentsApi, 'renderQuotePdf'>;
  /** The caller's own customer record (customer users): its quotes are the caller's. */
  customerRecordOf: CustomerRecordOf;
  outbox: Pick<OutboxWorker, 'kick'>;
  /** The tenant's public base URL: the host of the link in a sent quote's e-mail. */
  tenantUrl: (tenantCode: string) => string;
  /** The agency's colours and contact on the quote's page. */
  brands: Pick<Brands, 'of'>;
}

export function createQuotesArea(deps: QuotesAreaDeps): Area {
  const quotes = createQuoteService(deps);
  const documents = createQuoteDocuments(deps);
  const mail = createMailQueue(deps.outbox);
  const sending = createQuoteSending({ ...deps, quoteDocuments: documents, mail });
  return {
    tags: TAGS,
    operations: [
      ...quoteOperations({ quotes, documents }),
      ...quoteExtraOperations({
        sending,
        responses: createQuoteResponses({ ...deps, quoteDocuments: documents, mail }),
        followUps: createQuoteFollowUps({ ...deps, writes: quotes }),
      }),
    ],
    api: undefined,
    records: quoteRecords(deps.customerRecordOf),
  };
}
