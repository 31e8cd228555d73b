// An invoice's payment page (GET /document/invoicePayment?invoice=…&key=…, no session: the invoice's key is the key):
// what is due and until when, a button that sends the payer to the gateway (POST: the invoice's link that can still be
// paid, else a new one; 303 to its page), and the agency's bank details. The address is printed on the unpaid
// invoice and offered on an accepted quote's page. A wrong pair gets a page saying so and shows nothing else (200, as
// the payment return pages: it names nothing to tell apart). In the agency's colours, with its contact.
import { sameSecret } from '../../platform/crypto.js';
import type { Queryable } from '../../platform/database/connections.js';
import { ApiError } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RawAnswer } from '../../platform/http/raw.js';
import { toMinor } from '../../platform/money.js';
import { agencyPageValues } from '../../platform/rendering/agency-page.js';
import type { Branding, Brands } from '../../platform/rendering/branding.js';
import { shippedTemplate } from '../../platform/rendering/html.js';
import { keyedPage, seeOther } from '../../platform/rendering/page-answer.js';
import { formatDateText, formatMinorAmount } from '../documents/index.js';
import type { OwnerPayments } from '../payments/index.js';
import type { SettingsApi } from '../settings/index.js';
import * as repo from './sales.repository.js';

const PAGE = shippedTemplate('invoices/pay.html');
const MESSAGE = shippedTemplate('invoices/message.html');

/** What a page offering to pay an invoice shows of it. */
export interface InvoicePayState {
  invoiceNumber: string;
  paid: boolean;
  /** The open balance, e.g. "AED 840.32"; zero once paid. */
  balance: string;
  balanceMinor: number;
  /** yyyy-MM-dd */
  dueDate: string;
  /** The invoice's payment page, relative to the tenant's address (it holds the key), and the key itself. */
  payPath: string;
  payKey: string;
}

/** The payment page's address of an invoice (relative to the tenant's). */
export function invoicePayPath(invoiceNumber: string, key: string): string {
  return `/document/invoicePayment?invoice=${encodeURIComponent(invoiceNumber)}&key=${encodeURIComponent(key)}`;
}

/** The invoice of that number, if the key is its own. */
async function keyedInvoice(db: Queryable, invoiceNumber: string, key: string) {
  const invoice = await repo.findInvoice(db, invoiceNumber);
  return invoice && sameSecret(invoice.pay_key, key) ? invoice : undefined;
}

const balanceOf = (invoice: repo.InvoiceRow) =>
  toMinor(invoice.total, invoice.currency) - toMinor(invoice.paid, invoice.currency);

/** The invoice as a payer sees it, without the key's check (the quotes area asks for its accepted quote's). */
export async function invoicePayState(db: Queryable, invoiceNumber: string): Promise<InvoicePayState | undefined> {
  const invoice = await repo.findInvoice(db, invoiceNumber);
  if (!invoice) return undefined;
  const balanceMinor = invoice.status === 'PAID' ? 0 : balanceOf(invoice);
  return {
    invoiceNumber: invoice.invoice_number,
    paid: invoice.status === 'PAID',
    balance: formatMinorAmount(balanceMinor, invoice.currency),
    balanceMinor,
    dueDate: invoice.due_date,
    payPath: invoicePayPath(invoice.invoice_number, invoice.pay_key),
    payKey: invoice.pay_key,
  };
}

export interface InvoicePaymentDeps {
  links: Pick<OwnerPayments, 'createLink' | 'activeLink'>;
  settings: Pick<SettingsApi, 'read'>;
  brands: Pick<Brands, 'of'>;
}

export function createInvoicePayments(deps: InvoicePaymentDeps) {
  const frame = (branding: Branding, title: string) => agencyPageValues(branding, 'en', title);
  const notValid = async (ctx: TenantContext) => {
    const title = 'Link not valid';
    const message = 'This link is not valid. Please use the link on your invoice.';
    return keyedPage(MESSAGE({ ...frame(await deps.brands.of(ctx.tenant, ctx.db), title), message }));
  };

  async function page(ctx: TenantContext, invoice: repo.InvoiceRow, key: string, notice?: string) {
    const settings = await deps.settings.read(ctx);
    const branding = await deps.brands.of(ctx.tenant, ctx.db);
    const order = await repo.findOrder(ctx.db, invoice.sales_order_id);
    const money = (minor: number) => formatMinorAmount(minor, invoice.currency);
    const paid = invoice.status === 'PAID';
    const payable = !paid && order?.status === 'OPEN' && balanceOf(invoice) > 0;
    const statusText = paid ? 'Paid' : payable ? 'Unpaid' : 'Not payable online: please contact us';
    const body = PAGE({
      ...frame(branding, `Invoice ${invoice.invoice_number}`),
      // the name the invoice gives the agency
      agency: settings.agency.legalName,
      notice,
      customerName: order?.customer_name ?? '',
      invoiceNumber: invoice.invoice_number,
      issueDate: formatDateText(invoice.issue_date),
      dueDate: formatDateText(invoice.due_date),
      total: money(toMinor(invoice.total, invoice.currency)),
      balance: money(balanceOf(invoice)),
      statusText,
      payable,
      key,
      bankDetails: settings.agency.bankDetails,
    });
    return keyedPage(body, 'self-and-payment-gateway');
  }

  return {
    async show(ctx: TenantContext, invoiceNumber: string, key: string): Promise<RawAnswer> {
      const invoice = await keyedInvoice(ctx.db, invoiceNumber, key);
      return invoice ? page(ctx, invoice, key) : notValid(ctx);
    },

    /** To the gateway's page: the link that can still be paid, else a new one; or a page saying why not. */
    async pay(ctx: TenantContext, invoiceNumber: string, key: string): Promise<RawAnswer> {
      const invoice = await keyedInvoice(ctx.db, invoiceNumber, key);
      if (!invoice) return notValid(ctx);
      if (invoice.status === 'PAID') return page(ctx, invoice, key, 'This invoice is paid already. Thank you.');
      const active = await deps.links.activeLink(ctx.db, invoice.invoice_id, ctx.now);
      if (active) return seeOther(active.paymentUrl);
      try {
        return seeOther((await deps.links.createLink(ctx, invoice.invoice_id)).paymentUrl);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // a concurrent press of the button made the link first: the payer goes there too
        const made = await deps.links.activeLink(ctx.db, invoice.invoice_id, ctx.now);
        if (made) return seeOther(made.paymentUrl);
        const current = await repo.findInvoice(ctx.db, invoiceNumber);
        return current ? page(ctx, current, key, error.message) : notValid(ctx);
      }
    },
  };
}

export type InvoicePayments = ReturnType<typeof createInvoicePayments>;
