// The requirements staff keep (the table behind the default requirements provider): one per destination, visa type
// and nationality (or any nationality), with the documents, fees and processing days. A second one for the same
// key is a DUPLICATE.
import { ApiError, ErrorCode, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../../platform/money.js';
import { knownCountry, type VisaDeps } from '../applications/index.js';
import {
  requirementsRepository as repo,
  type Requirement,
  type SearchRequirementsRequest,
  type WriteRequirementRequest,
  toRequirement,
} from '../model/index.js';
import { LIMITS } from '../visas.rules.js';

const taken = (input: WriteRequirementRequest, destination: string, nationality: string | null) =>
  new ApiError(
    ErrorCode.DUPLICATE,
    `A requirement for ${destination} ${input.visaType} visas of ${nationality ?? 'any nationality'} exists`,
  );

export function createRequirementService(deps: Pick<VisaDeps, 'countries'>) {
  async function read(ctx: TenantContext, requirementId: number): Promise<Requirement> {
    const row = await repo.selectRequirement(ctx.db, requirementId);
    if (!row) throw notFound('Visa requirement');
    return toRequirement(row, ctx.tenant.timezone);
  }

  async function write(ctx: TenantContext, input: WriteRequirementRequest): Promise<Requirement> {
    const destination = await knownCountry(deps, ctx.db, input.destinationCountry, 'destinationCountry');
    const nationality =
      input.nationality === undefined
        ? null
        : (await knownCountry(deps, ctx.db, input.nationality, 'nationality')).code;
    const currency = (input.currency ?? ctx.tenant.currency).toUpperCase();
    // fees kept exactly, rounded to the currency's minor unit as every amount is
    const exact = (fee: number) => minorToDecimalString(toMinor(fee, currency), currency);
    const values: repo.RequirementValues = {
      destinationCountry: destination.code,
      nationality,
      visaType: input.visaType,
      documentTypes: input.documentTypes,
      visaFee: exact(input.visaFee),
      serviceFee: exact(input.serviceFee),
      currency,
      processingDays: input.processingDays,
      notes: input.notes ?? null,
      now: ctx.now,
    };
    if (input.requirementId === undefined) {
      const id = await repo.insertRequirementUnlessTaken(ctx.db, values);
      if (id === undefined) throw taken(input, destination.code, nationality);
      return read(ctx, id);
    }
    if (!(await repo.selectRequirement(ctx.db, input.requirementId))) throw notFound('Visa requirement');
    if (!(await repo.updateRequirementUnlessTaken(ctx.db, input.requirementId, values))) {
      throw taken(input, destination.code, nationality);
    }
    return read(ctx, input.requirementId);
  }

  async function search(ctx: TenantContext, input: SearchRequirementsRequest): Promise<Requirement[]> {
    const filter: repo.RequirementFilter = {
      destinationCountry:
        input.destinationCountry === undefined
          ? null
          : (await knownCountry(deps, ctx.db, input.destinationCountry, 'destinationCountry')).code,
      nationality:
        input.nationality === undefined
          ? null
          : (await knownCountry(deps, ctx.db, input.nationality, 'nationality')).code,
      visaType: input.visaType ?? null,
    };
    const rows = await repo.searchRequirements(ctx.db, filter, LIMITS.childRows);
    return rows.map((row) => toRequirement(row, ctx.tenant.timezone));
  }

  return { read, write, search };
}

export type RequirementService = ReturnType<typeof createRequirementService>;
