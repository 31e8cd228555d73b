// The payments area (issue 28, item 1): the one owner of payment links (table payment_links, keyed by owner kind and
// owner id). An area that takes money by link registers its owner kind (owners.ts) and gets back the one way to
// make a link, its return pages (the paths it declares) and a round of its links for operators and tests; one
// reconciler visits every owner kind's open links every minute. Owners today: sales orders and invoices, back-office
// bookings, visa invoices, hotel bookings.
import type { FastifyBaseLogger } from 'fastify';
import type { Area, Job } from '../../platform/area.js';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation, type TenantContext } from '../../platform/http/operation.js';
import { EVERY_MINUTE, type PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import type { Brands } from '../../platform/rendering/branding.js';
import type { Queryable, Sql } from '../../platform/database/connections.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import { type CreateDeps, type CreatedLink, createLink } from './link-create.js';
import { createSettlement, type Settlement, type SettleScope } from './link-settle.js';
import { ownerOfGatewayOrder, selectActiveLink } from './links.repository.js';
import type { PaymentOwner } from './owners.js';
import { createReturnPages, type ReturnPageRenderer as Pages } from './return-pages.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import { createMailQueue, type OutboxWorker } from '../../platform/outbox/index.js';
import type { SettingsApi } from '../settings/index.js';
import { queuePaymentConfirmation } from './payment-confirmation.js';
import { createRetry } from './link-retry.js';
import { Html, ReturnQuery } from './return-query.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'payment redirects',
    description: "The pages the payment gateway sends the payer back to, and the paid order's tickets (HTML)",
  },
];

export type { OwnerLink, Payable, PaymentOwner } from './owners.js';
export type { CreatedLink } from './link-create.js';
export type { PageOutcome } from './link-settle.js';
export type { OwnerScope, OwnerSummary, SummaryLine, TemplatePage } from './owners.js';

export interface PaymentsAreaDeps extends CreateDeps {
  /** The agency's contact on the pages and in the confirmation e-mails. */
  settings: Pick<SettingsApi, 'read'>;
  /** The payer's confirmation e-mail is queued through the outbox, which is woken after commit. */
  outbox: Pick<OutboxWorker, 'kick'>;
  paymentGateway: PaymentGateway;
  /**
   * The platform's round of periodic work: the reconciler of every kind's links is one of its jobs, and a round of
   * one kind's links on demand (operators, tests) is a forced round of it.
   */
  periodic: Pick<PeriodicWork, 'register' | 'runNow'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** Where tenants' own page templates live. */
  dataDir: string;
  /** The agency's name and colours on the return pages (and on their error pages: the route's, by htmlPage). */
  brands: Pick<Brands, 'of'>;
}

/** What an owner kind gets from registering. */
export interface OwnerPayments<R = undefined> {
  /** A link for the owner (amount and currency: the owner's amountOf, which gets the request). */
  createLink(ctx: TenantContext, ownerId: number, request?: R): Promise<CreatedLink>;
  /** An owner kind running its own round (`ownRound`): this kind's ACTIVE links of one tenant now, any age. */
  settleOpenLinks(scope: SettleScope): Promise<number>;
  /** The owner whose link opened that gateway order. */
  ownerOfGatewayOrder(db: Queryable, orderRef: string): Promise<number | undefined>;
  /** The owner's link that may still be paid (its page and expiry), if it has one: a payer sent there again. */
  activeLink(db: Queryable, ownerId: number, now: Date): Promise<{ paymentUrl: string; expiresAt: Date } | undefined>;
  /** The return pages of the owner kind, for the owner's list of operations. */
  operations: OperationDeclaration[];
  /** One round of this kind's open links now (runOnce only: the reconciler's timer visits every kind). */
  roundJob(name: string): Job;
}

export interface PaymentsApi {
  /** Registers an owner kind; a kind registers once. */
  registerOwner<R = undefined>(owner: PaymentOwner<R>): OwnerPayments<R>;
}

/** A return address of the owner kind: `after` names the outcome the gateway sends the payer here for. */
function pageOperation(path: string, after: string, owner: PaymentOwner, settlement: Settlement, pages: Pages) {
  const { paidMeans, style } = owner.returns;
  return operation({
    path,
    methods: ['GET'],
    allow: Allow.anyone,
    tags: ['payment redirects'],
    summary: `The gateway sends the payer of a ${owner.noun.toLowerCase()}'s payment link here ${after}`,
    description:
      "With the link's `t`: the gateway is asked for the order's state, and the link takes it once, whichever " +
      `address was opened; paid, ${paidMeans}. Pages: templates ${style === 'templated' ? TEMPLATES : SIMPLE_TEMPLATES}. ` +
      'Without a valid `t`: a page naming the reference only, nothing changes.',
    input: ReturnQuery,
    response: Html,
    htmlPage: true,
    handler: async (ctx, input) => {
      const settled = await settlement.settleReturn(ctx, owner, input.ref, input.t);
      return pages.page(ctx, owner, { ref: input.ref, token: input.t, ...settled });
    },
  });
}

const TEMPLATES =
  '<prefix>-success (customerName, cartReference, amountPaid, summaryTitle, summaryLines), <prefix>-cancel and ' +
  "<prefix>-decline (cartReference, retryUrl), each with the agency's contact; the tenant's first";
const SIMPLE_TEMPLATES =
  'link-success (what was paid for: summaryTitle, summaryLines, amountPaid), link-decline and link-cancel ' +
  "(retryUrl), each with the agency's contact; the tenant's first; other outcomes a page of one sentence";

/** The kinds the one reconciler visits: all but those running their own round. */
function centrallyReconciled(owners: ReadonlyMap<string, PaymentOwner>): ReadonlyMap<string, PaymentOwner> {
  return new Map([...owners].filter(([, owner]) => !owner.ownRound));
}

export function createPaymentsArea(deps: PaymentsAreaDeps): Area<PaymentsApi> {
  const owners = new Map<string, PaymentOwner>();
  const confirmations = { mail: createMailQueue(deps.outbox), settings: deps.settings, log: deps.logger };
  const settlement = createSettlement({
    ...deps,
    afterPaid: (tx, owner, link, scope) => queuePaymentConfirmation(confirmations, tx, owner, link, scope),
  });
  const pages = createReturnPages(deps);
  const retry = createRetry(deps, pages);
  const reconcile = async (name: string, kinds: ReadonlyMap<string, PaymentOwner>, tenant: TenantRecord, db: Sql) => {
    const scope = { tenant, db, now: deps.clock(), log: deps.logger };
    const settled = await settlement.reconcile(scope, kinds);
    if (settled > 0) deps.logger.debug({ tenant: tenant.tenantCode, settled }, `${name} settled`);
  };
  /** One kind's links in every ACTIVE tenant now, as a forced round of the periodic work (not a job of its timer). */
  const roundOf = (name: string, kinds: ReadonlyMap<string, PaymentOwner>) => () =>
    deps.periodic.runNow({ name, everyMs: EVERY_MINUTE, run: (tenant, db) => reconcile(name, kinds, tenant, db) });

  const registerOwner = <R>(owner: PaymentOwner<R>): OwnerPayments<R> => {
    if (owners.has(owner.kind)) throw new Error(`payment owner kind ${owner.kind} is registered already`);
    // the settlement and the round call no request-taking callback with a request
    const settled = owner as PaymentOwner;
    owners.set(owner.kind, settled);
    const returns = owner.returns;
    const declared: [string, string][] =
      returns.style === 'simple'
        ? [[returns.path, '(paid, declined or cancelled alike)']]
        : [
            [returns.paths.success, 'after paying'],
            [returns.paths.cancel, 'after cancelling'],
            [returns.paths.decline, 'after a decline'],
          ];
    const operations = declared.map(([path, after]) => pageOperation(path, after, settled, settlement, pages));
    if (returns.retry) operations.push(retry.operation(returns.retry, settled));
    return {
      createLink: (ctx, ownerId, request) => createLink(deps, owner, ctx, ownerId, request),
      operations,
      settleOpenLinks: (scope) => settlement.reconcile(scope, new Map([[owner.kind, settled]]), { minAgeSeconds: 0 }),
      ownerOfGatewayOrder: (db, orderRef) => ownerOfGatewayOrder(db, owner.kind, orderRef),
      async activeLink(db, ownerId, now) {
        const link = await selectActiveLink(db, owner.kind, ownerId, now);
        return link && { paymentUrl: link.payment_url, expiresAt: link.expires_at };
      },
      roundJob(name) {
        const runOnce = roundOf(name, new Map([[owner.kind, settled]]));
        return { name, start: () => undefined, stop: () => Promise.resolve(), runOnce };
      },
    };
  };

  return {
    tags: TAGS,
    operations: [],
    api: { registerOwner },
    jobs: [
      deps.periodic.register({
        name: 'payment links',
        everyMs: EVERY_MINUTE,
        run: (tenant, db) => reconcile('payment links', centrallyReconciled(owners), tenant, db),
      }),
    ],
  };
}
