// Trip requests: anyone may send one (the website, a guest, a customer, staff); employees list, read and work
// them through their statuses. A request from someone who is not an employee is announced by e-mail to the
// agency's notification address, queued in the request's own transaction.
import type { Config } from '../../config.js';
import { isEmployee } from '../../platform/auth/roles.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { invalidFormat, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import type { MailQueue } from '../../platform/outbox/index.js';
import { countRequest } from '../../platform/rate-limit.js';
import { addDays, localToInstant } from '../../platform/time.js';
import type { SettingsApi } from '../settings/index.js';
import { LIMITS, likeEscaped, refusedMove, statusesLeadingTo } from './customers.rules.js';
import { toTripRequest } from './customers.view.js';
import { tripRequestNotification } from './trip-requests.mail.js';
import * as repo from './trip-requests.repository.js';
import type {
  ListTripRequestsRequest,
  NewTripRequest,
  TripRequest,
  UpdateTripRequestStatusRequest,
} from './trip-requests.schemas.js';

export interface TripRequestDeps {
  settings: Pick<SettingsApi, 'read'>;
  mail: MailQueue;
  rateLimits: Pick<Config['rateLimits'], 'tripRequest'>;
}

/** Who sent the request: the logged-in user, or the kind of session (none at all is the website's system session). */
function senderOf(ctx: TenantContext): {
  createdByUserId: number | null;
  createdVia: repo.TripRequestRow['created_via'];
} {
  const session = ctx.session;
  if (session?.kind === 'user') return { createdByUserId: session.userId, createdVia: 'user' };
  return { createdByUserId: null, createdVia: session?.kind === 'guest' ? 'guest' : 'system' };
}

export function createTripRequestService(deps: TripRequestDeps) {
  const view = (ctx: TenantContext) => (row: repo.TripRequestRow) => toTripRequest(row, ctx.tenant);

  return {
    async create(ctx: TenantContext, input: NewTripRequest): Promise<TripRequest> {
      const fromStaff = isEmployee(ctx.roles);
      // Like registrations: someone who is not logged in is counted per client address (a flood of mail to the
      // agency is stopped); logged-in users answer for what they send.
      if (ctx.session?.kind !== 'user') {
        await countRequest(ctx.db, `trip-request:${ctx.clientIp}`, deps.rateLimits.tripRequest, ctx.now);
      }
      const currency = ctx.tenant.currency;
      const notifyTo = fromStaff ? undefined : (await deps.settings.read(ctx)).notificationEmail;
      return withTransaction(ctx, async (tx, afterCommit) => {
        const row = await repo.insertTripRequest(tx, {
          destination: input.destination,
          travelDates: input.travelDates ?? null,
          numTravelers: input.numTravelers ?? null,
          budget: input.budget === undefined ? null : minorToDecimalString(toMinor(input.budget, currency), currency),
          requirements: input.requirements ?? null,
          contactName: input.contactName,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone ?? null,
          ...senderOf(ctx),
          now: ctx.now,
        });
        const request = view(ctx)(row);
        if (notifyTo !== undefined) {
          const mail = tripRequestNotification(notifyTo, ctx.tenant.tenantName, request);
          await deps.mail.queue(tx, afterCommit, ctx.tenant.tenantId, mail);
        }
        return request;
      });
    },

    async read(ctx: TenantContext, requestId: number): Promise<TripRequest> {
      const row = await repo.selectTripRequest(ctx.db, requestId);
      if (!row) throw notFound('Trip request');
      return view(ctx)(row);
    },

    async list(ctx: TenantContext, input: ListTripRequestsRequest): Promise<TripRequest[]> {
      if (input.fromDate !== undefined && input.toDate !== undefined && input.toDate < input.fromDate) {
        throw invalidFormat('toDate', `must not be before fromDate (${input.fromDate})`);
      }
      const timezone = ctx.tenant.timezone;
      const filter: repo.TripRequestFilter = {
        status: input.status ?? null,
        createdFrom: input.fromDate === undefined ? null : (localToInstant(input.fromDate, timezone) ?? null),
        // toDate is inclusive: everything before the next day's midnight in the tenant's timezone.
        createdBefore: input.toDate === undefined ? null : (localToInstant(addDays(input.toDate, 1), timezone) ?? null),
        contains: input.contains === undefined ? null : likeEscaped(input.contains.toLowerCase()),
      };
      return (await repo.listTripRequests(ctx.db, filter, LIMITS.tripRequestRows)).map(view(ctx));
    },

    async updateStatus(ctx: TenantContext, input: UpdateTripRequestStatusRequest): Promise<TripRequest> {
      const moved = await repo.moveStatus(
        ctx.db,
        input.requestId,
        statusesLeadingTo(input.status),
        input.status,
        ctx.now,
      );
      if (moved) return view(ctx)(moved);
      const current = await repo.selectTripRequest(ctx.db, input.requestId);
      if (!current) throw notFound('Trip request');
      throw refusedMove(input.requestId, current.status, input.status);
    },
  };
}

export type TripRequestService = ReturnType<typeof createTripRequestService>;
