// Paying again after a decline or a cancel (issue 30): the payer of a link that ended unpaid, holding its token, is
// sent to the owner's link while one may still be paid (the same link), else to a new link for the same owner and
// amount (as pretix retries a pending order's payment): amountOf decides, so an owner paid or closed meanwhile takes
// none, and the payer is told why. An owner kind offers it by naming its retry address (ReturnPages.retry).
import { Allow } from '../../platform/auth/roles.js';
import { ApiError } from '../../platform/http/errors.js';
import { operation, type TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { linkWithToken } from '../../integrations/payment-gateway/links/index.js';
import { type CreateDeps, createLink } from './link-create.js';
import * as links from './links.repository.js';
import type { PaymentOwner } from './owners.js';
import type { ReturnPageRenderer } from './return-pages.js';
import { Html, ReturnQuery } from './return-query.js';

const seeOther = (location: string) =>
  new RawAnswer('text/plain; charset=utf-8', '', {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

/** The page a paid link's payer is sent back to. */
function paidAddress(owner: PaymentOwner, ref: string, token: string): string {
  const returns = owner.returns;
  const path = returns.style === 'simple' ? returns.path : returns.paths.success;
  return `${path}?ref=${encodeURIComponent(ref)}&t=${encodeURIComponent(token)}`;
}

export function createRetry(deps: CreateDeps, pages: ReturnPageRenderer) {
  async function retry(ctx: TenantContext, owner: PaymentOwner, ref: string, token: string | undefined) {
    const link = linkWithToken(await links.selectLink(ctx.db, owner.kind, ref), token);
    if (!link || !token) {
      return pages.page(ctx, owner, { ref, token: undefined, outcome: { kind: 'unknown' }, ownerId: undefined });
    }
    if (link.status === 'PAID') return seeOther(paidAddress(owner, ref, token));
    const payable = async () => (await links.selectActiveLink(ctx.db, owner.kind, link.owner_id, ctx.now))?.payment_url;
    const active = await payable();
    if (active) return seeOther(active);
    try {
      return seeOther((await createLink(deps, owner, ctx, link.owner_id)).paymentUrl);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // a concurrent retry made the link first: that one
      const made = await payable();
      return made ? seeOther(made) : pages.retryRefused(ctx, ref, error.message);
    }
  }

  return {
    /** The kind's retry address. */
    operation: (path: string, owner: PaymentOwner) =>
      operation({
        path,
        methods: ['GET'],
        allow: Allow.anyone,
        tags: ['payment redirects'],
        summary: `The payer of a declined or cancelled ${owner.noun.toLowerCase()} payment link pays again here`,
        description:
          "With the link's `t`: 303 to the owner's link while one may be paid, else to a new link for the same " +
          'owner and amount; a link paid meanwhile: 303 to its success page; an owner that takes no payment now: a ' +
          "page saying why, with the agency's contact. Without a valid `t`: a page naming the reference only.",
        input: ReturnQuery,
        response: Html,
        htmlPage: true,
        handler: (ctx, input) => retry(ctx, owner, input.ref, input.t),
      }),
  };
}
