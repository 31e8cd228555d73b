// Groups: write one (create, or update the fields given), list those arriving in a date range, and load one with
// everything an operations team needs in one answer (passengers, hotels, transport, rooms, who sleeps where, and
// what is not ready yet).
import { loggedInUserId } from '../../../platform/auth/session.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { CustomersApi } from '../../customers/index.js';
import { okJsonBytes } from '../../../platform/http/envelope.js';
import type { RawAnswer } from '../../../platform/http/raw.js';
import { createExpandedGroupCache, type ExpandedGroupCache } from './group-expanded.cache.js';
import { selectExpandedGroup, selectGroupVersion } from './group-expanded.repository.js';
import * as reads from './groups.repository.js';
import * as writes from './groups-write.repository.js';
import { isGroupStatus, LIMITS, readinessWarnings, statusMoveAllowed } from './groups.rules.js';
import type { Group, ListGroupsRequest, WriteGroupRequest } from './groups.schemas.js';
import { expandedReadinessInput, toGroup } from './groups.view.js';

export interface GroupServiceDeps {
  /** The partner is a customer record of the customers area. */
  customers: Pick<CustomersApi, 'findById'>;
}

export type GroupService = ReturnType<typeof createGroupService>;

export function createGroupService(deps: GroupServiceDeps) {
  /** The partner's name, to be kept with the group; an unknown or archived partner is NOTFOUND. */
  async function partnerName(ctx: TenantContext, partnerId: number | undefined): Promise<string | undefined> {
    if (partnerId === undefined) return undefined;
    const partner = await deps.customers.findById(ctx.db, partnerId);
    if (!partner) throw notFound('Customer');
    return partner.custName;
  }

  /**
   * Creates the group (groupId absent) or updates it: the fields given are written, an absent partnerId, status or
   * notes or paxCount keeps its value. paxCount is the expected size, as written; the passengers entered are
   * counted by the database (paxRegistered).
   */
  async function write(ctx: TenantContext, input: WriteGroupRequest): Promise<Group> {
    if (input.departureDate < input.arrivalDate) {
      throw invalidFormat('departureDate', 'must not be before arrivalDate');
    }
    const columns: writes.GroupColumns = {
      group_name: input.groupName,
      arrival_date: input.arrivalDate,
      departure_date: input.departureDate,
      partner_id: input.partnerId,
      partner_name: await partnerName(ctx, input.partnerId),
      pax_expected: input.paxCount,
      status: input.status,
      notes: input.notes,
    };
    const groupId = await withTransaction(ctx, async (tx) => {
      if (input.groupId === undefined) return writes.insertGroup(tx, columns, loggedInUserId(ctx.session));
      const current = await writes.lockGroupStatus(tx, input.groupId);
      if (current === undefined) throw notFound('Group');
      if (input.status !== undefined && isGroupStatus(current) && !statusMoveAllowed(current, input.status)) {
        throw new ApiError(ErrorCode.INVALID_STATE, `A ${current} group cannot become ${input.status}`);
      }
      await writes.updateGroup(tx, input.groupId, columns);
      return input.groupId;
    });
    return read(ctx, groupId);
  }

  async function read(ctx: TenantContext, groupId: number): Promise<Group> {
    const row = await reads.selectGroup(ctx.db, groupId);
    if (!row) throw notFound('Group');
    return toGroup(row, ctx.tenant.timezone);
  }

  async function list(ctx: TenantContext, input: ListGroupsRequest): Promise<Group[]> {
    if (input.arrivalTo < input.arrivalFrom) throw invalidFormat('arrivalTo', 'must not be before arrivalFrom');
    const range = { from: input.arrivalFrom, to: input.arrivalTo, partnerId: input.partnerId ?? null };
    const rows = await reads.selectGroupsArriving(ctx.db, range, LIMITS.listRows);
    return rows.map((row) => toGroup(row, ctx.tenant.timezone));
  }

  const expanded = createExpandedGroupCache();
  return {
    write,
    read,
    list,
    loadExpanded: (ctx: TenantContext, groupId: number) => loadExpanded(expanded, ctx, groupId),
  };
}

/**
 * The group and everything of it in one statement whatever its size (no query per passenger or room, one snapshot,
 * so passengers, rooms and assignments agree with one another while someone assigns rooms). The lists are answered
 * as PostgreSQL wrote them in the answer's shape; the readiness warnings are worked out here, by the rules. The
 * node keeps the answer and sends it again while the group's version is unchanged (one primary-key read).
 */
async function loadExpanded(cache: ExpandedGroupCache, ctx: TenantContext, groupId: number): Promise<RawAnswer> {
  const timezone = ctx.tenant.timezone;
  const key = `${ctx.tenant.tenantId}:${groupId}:${timezone}`;
  const kept = cache.get(key);
  if (kept && (await selectGroupVersion(ctx.db, groupId)) === kept.version) return kept.answer;
  const row = await selectExpandedGroup(ctx.db, groupId, timezone);
  if (!row) throw notFound('Group');
  const readiness = readinessWarnings(expandedReadinessInput(row));
  const json =
    `{"group":${JSON.stringify(toGroup(row, timezone))},"passengers":${row.passengers_json},` +
    `"hotels":${row.hotels_json},"transport":${row.transport_json},"rooms":${row.rooms_json},` +
    `"roomAssignments":${row.assignments_json},"readiness":${JSON.stringify(readiness)}}`;
  const answer = okJsonBytes(json);
  cache.keep(key, { version: row.version, answer, bytes: answer.body.length });
  return answer;
}
