// Passengers of groups: write one or many (new ones, or updates of the fields given), read one, list a group's.
// A group's paxCount follows its passengers in the same statement (the table's trigger), whoever writes them.
import type { TransactionSql } from '../../../platform/database/connections.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, missingParameter, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import * as reads from './groups.repository.js';
import * as writes from './groups-write.repository.js';
import { LIMITS } from './groups.rules.js';
import type { Passenger, PaxInput, WritePaxRequest } from './groups.schemas.js';
import { toPassenger } from './groups.view.js';

/** pax/write: the single form answers the passenger, the multiple form (paxList) the array, in the order sent. */
export async function writePax(ctx: TenantContext, input: WritePaxRequest): Promise<Passenger | Passenger[]> {
  if (input.paxList !== undefined) return writePaxList(ctx, input.paxList);
  const [paxId] = await withTransaction(ctx, (tx) => writeEach(tx, [singleForm(input)], ''));
  return readPax(ctx, paxId ?? 0);
}

async function writePaxList(ctx: TenantContext, list: readonly PaxInput[]): Promise<Passenger[]> {
  const paxIds = await withTransaction(ctx, (tx) => writeEach(tx, list, 'paxList'));
  const rows = await reads.selectPaxByIds(ctx.db, paxIds);
  const byId = new Map(rows.map((row) => [row.pax_id, row]));
  return paxIds.flatMap((paxId) => {
    const row = byId.get(paxId);
    return row ? [toPassenger(row)] : [];
  });
}

/** The single form's required fields, which the schema cannot require (the multiple form has none of them). */
function singleForm(input: WritePaxRequest): PaxInput {
  const { groupId, firstName, lastName } = input;
  if (groupId === undefined) throw missingParameter('groupId');
  if (firstName === undefined) throw missingParameter('firstName');
  if (lastName === undefined) throw missingParameter('lastName');
  return { ...input, groupId, firstName, lastName };
}

/** Writes each passenger in order, all in the caller's transaction; `listName` names a failing one's position. */
async function writeEach(tx: TransactionSql, list: readonly PaxInput[], listName: string): Promise<number[]> {
  const paxIds: number[] = [];
  for (const [index, pax] of list.entries()) {
    const where = listName ? ` (${listName}[${index}])` : '';
    paxIds.push(await writeOne(tx, pax, where));
  }
  return paxIds;
}

async function writeOne(tx: TransactionSql, pax: PaxInput, where: string): Promise<number> {
  const columns = paxColumns(pax);
  if (pax.paxId === undefined) {
    if (!(await reads.groupExists(tx, pax.groupId))) throw notFound(`Group${where}`);
    return writes.insertPax(tx, {
      ...columns,
      group_id: pax.groupId,
      first_name: pax.firstName,
      last_name: pax.lastName,
    });
  }
  const groupId = await writes.lockPaxGroup(tx, pax.paxId);
  if (groupId === undefined) throw notFound(`Passenger${where}`);
  if (groupId !== pax.groupId) {
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      `Passenger ${pax.paxId} belongs to group ${groupId}: a passenger stays in its group${where}`,
    );
  }
  await writes.updatePax(tx, pax.paxId, columns);
  return pax.paxId;
}

// The optional fields not given are left out: an update keeps their stored values.
function paxColumns(pax: PaxInput): writes.PaxColumns {
  return {
    first_name: pax.firstName,
    last_name: pax.lastName,
    gender: pax.gender,
    date_of_birth: pax.dateOfBirth,
    age: pax.age,
    nationality: pax.nationality,
    passport_number: pax.passportNumber,
    passport_expiry: pax.passportExpiry,
    phone: pax.phone,
    email: pax.email,
    notes: pax.notes,
    emergency_contact: pax.emergencyContact,
    emergency_tel: pax.emergencyTel,
    visa_required: pax.visaRequired,
    visa_status: pax.visaStatus,
  };
}

export async function readPax(ctx: TenantContext, paxId: number): Promise<Passenger> {
  const row = await reads.selectPax(ctx.db, paxId);
  if (!row) throw notFound('Passenger');
  return toPassenger(row);
}

/** A group's passengers in the order they were entered; without a group, the newest of every group. */
export async function listPax(ctx: TenantContext, groupId: number | undefined): Promise<Passenger[]> {
  if (groupId === undefined) return (await reads.selectLatestPax(ctx.db, LIMITS.paxListRows)).map(toPassenger);
  const [exists, rows] = await Promise.all([reads.groupExists(ctx.db, groupId), reads.selectGroupPax(ctx.db, groupId)]);
  if (!exists) throw notFound('Group');
  return rows.map(toPassenger);
}
