// What an area that takes money by payment link tells the payments area about its owner kind (a back-office
// booking, a visa invoice, a hotel booking; sales orders next): how to lock an owner, what a link for it takes,
// what a payment or an unpaid ending changes, and where the payer comes back. The callbacks given a `tx` run inside
// the payments area's transaction, under the owner's lock, so the link and the owner change together or not at all.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, TransactionSql } from '../../platform/database/connections.js';
import type { AfterCommit } from '../../platform/database/transaction.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import type { CreateOrderRequest } from '../../integrations/payment-gateway/index.js';
import type { TemplateValues } from '../../platform/rendering/html.js';
import type { PageOutcome } from './link-settle.js';

/** What a link for an owner takes now, as `amountOf` answers it. */
export interface Payable {
  /** How refusals name the owner ("Booking TQ-2026-00001"). */
  name: string;
  amountMinor: number;
  currency: string;
  /** The link's reference starts with it (a random part follows): "TQ-2026-00001", "HB42". */
  referencePrefix: string;
  /**
   * The link's reference exactly, instead of prefix and random part: for an owner whose one link is named by the
   * owner's own unique number (a sales order's return addresses and gateway order carry its order number).
   */
  reference?: string;
  /** The gateway order's words, after the tenant's name ("booking TQ-2026-00001"). */
  description: string;
  customer?: CreateOrderRequest['customer'];
  /** The payer's screen, for the gateway's page (sales' createPaymentLink passes it on). */
  device?: CreateOrderRequest['device'];
}

/** A link as its owner's callbacks see it; amount as stored (decimal text). */
export interface OwnerLink {
  linkId: number;
  ownerId: number;
  reference: string;
  amount: string;
  currency: string;
  /** The gateway's order, its page, and until when the link may be paid. */
  orderRef: string;
  paymentUrl: string;
  expiresAt: Date;
}

/** When and for whom a callback runs (the tenant's calendar dates a payment). */
export interface OwnerScope {
  tenant: TenantRecord;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What follows the settling transaction's commit (a mail's kick, an event's delivery). */
  afterCommit: AfterCommit;
}

type Callback = (tx: TransactionSql, link: OwnerLink, scope: OwnerScope) => Promise<void>;

/** A labelled line of what was paid for ("Hotel", "Dates", "Booking reference"). */
export interface SummaryLine {
  label: string;
  value: string;
}

/** What a payment paid for, as the payer reads it on the success page and in the confirmation e-mail. */
export interface OwnerSummary {
  /** What it is, with its number: "Hotel booking HB-1042", "Visa invoice VI-2026-00012". */
  title: string;
  lines: SummaryLine[];
  /** Whom the confirmation e-mail goes to; no e-mail: none is sent. */
  payer: { name: string | null; email: string | null };
}

/**
 * Where the payer comes back (contract §6 paths): one page for every outcome, or a template per outcome. `retry`:
 * the address where the payer of a declined or cancelled link pays again (the owner's active link, else a new one
 * for the same owner): an owner kind whose links the payer may remake alone.
 */
export type ReturnPages =
  | { style: 'simple'; path: string; paidMeans: string; retry?: string }
  | {
      style: 'templated';
      retry?: string;
      /** templates/payment/<prefix>-success|cancel|decline.html, or the tenant's own of those names */
      templatePrefix: string;
      paths: { success: string; cancel: string; decline: string };
      paidMeans: string;
      /** The name the success page greets, read only with the link's token. */
      payerName: (db: Queryable, ownerId: number) => Promise<string | null>;
      /**
       * The owner's own page for an outcome, read after the settlement (ownerId only with the link's token), or
       * undefined for the usual one: an owner whose state says more than the link (a paid order that could not be
       * fulfilled, the payer's details on every page, its own words). Times in the tenant's `timeZone`.
       */
      pageOf?: (
        db: Queryable,
        outcome: PageOutcome,
        ownerId: number | undefined,
        timeZone: string,
      ) => Promise<TemplatePage | undefined>;
    };

/** A template of templates/payment/ (or the tenant's own), its title and its values (HTML-escaped). */
export interface TemplatePage {
  name: string;
  title: string;
  values: TemplateValues;
}

/**
 * An owner kind. `R` is the request of one createLink call, handed to lock, amountOf and onLinked when the owner
 * does not exist before its link (a sales order is born with its link: the request names its cart and number); the
 * settlement's calls get none.
 */
export interface PaymentOwner<R = undefined> {
  /** As payment_links.owner_kind keeps it ("blm-booking"). */
  kind: string;
  /** The noun of NOTFOUND, and of the logs and pages' words ("Booking"). */
  noun: string;
  /**
   * The owner's row lock, taken by a statement of its own and read after (a statement that waited for the lock sees
   * other tables as they were when it began, so it would miss a link made meanwhile); false: no such owner.
   */
  lock(tx: Queryable, ownerId: number, request?: R): Promise<boolean>;
  /** What a link takes now; undefined: no such owner. Refuses with ApiError(INVALID_STATE) what takes no link. */
  amountOf(db: Queryable, ownerId: number, now: Date, request?: R): Promise<Payable | undefined>;
  /** After the link is recorded (the hotel booking takes its reference as its cart reference). */
  onLinked?(tx: TransactionSql, link: OwnerLink, scope: OwnerScope, request?: R): Promise<void>;
  /** The link's payment, applied once. */
  onPaid: Callback;
  onDeclined?: Callback;
  onCancelled?: Callback;
  onExpired?: Callback;
  returns: ReturnPages;
  /**
   * What an owner's payment paid for (a few labelled lines and its payer): the success page shows it, and each
   * payment is confirmed by e-mail to the payer (after commit, once). Read in the settling transaction after onPaid,
   * and on the success page.
   */
  summaryOf?(db: Queryable, ownerId: number, now: Date): Promise<OwnerSummary | undefined>;
  /**
   * The owner runs its kind's round in a job of its own (sales' `payment reconciliation`, which also ends lapsed
   * orders), so the one reconciler leaves the kind's links to it.
   */
  ownRound?: boolean;
}

/** The return addresses a gateway order of this owner carries. */
export function returnPathsOf(
  returns: ReturnPages,
): string | { authorised: string; declined: string; cancelled: string } {
  if (returns.style === 'simple') return returns.path;
  return { authorised: returns.paths.success, declined: returns.paths.decline, cancelled: returns.paths.cancel };
}
