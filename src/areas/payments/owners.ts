// What an area that takes money by payment link tells the payments area about its owner kind (a back-office
// booking, a visa invoice, a hotel booking; sales orders next): how to lock an owner, what a link for it takes,
// what a payment or an unpaid ending changes, and where the payer comes back. The callbacks given a `tx` run inside
// the payments area's transaction, under the owner's lock, so the link and the owner change together or not at all.
import type { TObject, TOptional, TString } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/database/connections.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import type { CreateOrderRequest } from '../../integrations/payment-gateway/index.js';

/** What a link for an owner takes now, as `amountOf` answers it. */
export interface Payable {
  /** How refusals name the owner ("Booking TQ-2026-00001"). */
  name: string;
  amountMinor: number;
  currency: string;
  /** The link's reference starts with it (a random part follows): "TQ-2026-00001", "HB42". */
  referencePrefix: string;
  /** The gateway order's words, after the tenant's name ("booking TQ-2026-00001"). */
  description: string;
  customer?: CreateOrderRequest['customer'];
  /** What a warning about the owner's gateway order names. */
  logFields: Record<string, unknown>;
}

/** A link as its owner's callbacks see it. */
export interface OwnerLink {
  linkId: number;
  ownerId: number;
  reference: string;
  /** Decimal text, three decimals as stored. */
  amount: string;
  currency: string;
}

/** When and for whom a callback runs (the tenant's calendar dates a payment). */
export interface OwnerScope {
  tenant: TenantRecord;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Where the payer comes back: one page for every outcome, or the tenant's templates per outcome. */
export type ReturnPages =
  | { style: 'simple'; page: PageDeclaration }
  | {
      style: 'templated';
      /** templates/payment/<prefix>-success|cancel|decline.html, or the tenant's own of those names */
      templatePrefix: string;
      success: PageDeclaration;
      cancel: PageDeclaration;
      decline: PageDeclaration;
      /** The name the success page greets, read only with the link's token. */
      payerName: (db: Queryable, ownerId: number) => Promise<string | null>;
    };

export type ReturnQuerySchema = TObject<{ ref: TString; t: TOptional<TString> }>;

/** A return address as the API documents it (contract §6: the path stays as it is). */
export interface PageDeclaration {
  path: string;
  summary: string;
  description: string;
  /** The query's schema (`ref`, optional `t`), when the owner documents them in words of its own. */
  query?: ReturnQuerySchema;
}

export interface PaymentOwner {
  /** The owner kind, as payment_links.owner_kind keeps it ("blm-booking"). */
  kind: string;
  /** The noun of NOTFOUND ("Booking"). */
  noun: string;
  /** What the gateway-check warnings call a link of this kind ("booking"). */
  linkName: string;
  /**
   * The owner's row lock, taken by a statement of its own and read after (a statement that waited for the lock sees
   * other tables as they were when it began, so it would miss a link made meanwhile); false: no such owner.
   */
  lock(tx: Queryable, ownerId: number): Promise<boolean>;
  /** What a link takes now; undefined: no such owner. Refuses with ApiError(INVALID_STATE) what takes no link. */
  amountOf(db: Queryable, ownerId: number, now: Date): Promise<Payable | undefined>;
  /** After the link is recorded (the hotel booking takes its reference as its cart reference). */
  onLinked?(tx: Queryable, link: OwnerLink, scope: OwnerScope): Promise<void>;
  /** The link's payment, applied once. */
  onPaid(tx: Queryable, link: OwnerLink, scope: OwnerScope): Promise<void>;
  onDeclined?(tx: Queryable, link: OwnerLink, scope: OwnerScope): Promise<void>;
  onCancelled?(tx: Queryable, link: OwnerLink, scope: OwnerScope): Promise<void>;
  onExpired?(tx: Queryable, link: OwnerLink, scope: OwnerScope): Promise<void>;
  returns: ReturnPages;
}

/** The return addresses a gateway order of this owner carries. */
export function returnPathsOf(
  returns: ReturnPages,
): string | { authorised: string; declined: string; cancelled: string } {
  if (returns.style === 'simple') return returns.page.path;
  return { authorised: returns.success.path, declined: returns.decline.path, cancelled: returns.cancel.path };
}
