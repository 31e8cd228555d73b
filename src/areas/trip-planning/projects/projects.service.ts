// Use cases of /tripmaker/project/* (contract §8.5): create, read, list, update with its status moves, delete. Every
// change takes the project row's lock first (../trip.repository.ts), so a change and a status move are ordered.
import { loggedInUserId } from '../../../platform/auth/session.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { formatDate } from '../../../platform/time.js';
import type { Customer } from '../../customers/index.js';
import {
  lockProject,
  selectItinerariesOfProject,
  selectPricesOfItineraries,
  selectProject,
} from '../trip.repository.js';
import { refuseFrozen } from '../trip.locks.js';
import { mayMove } from '../trip.rules.js';
import type { Project, ProjectSummary } from '../trip.schemas.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { itinerarySummary, projectAnswer, rateBook, requireRate, totalsOf } from '../trip.view.js';
import * as repo from './projects.repository.js';
import {
  type CreateProjectRequest,
  type ListProjectsRequest,
  PAGE_SIZE,
  type UpdateProjectRequest,
} from './projects.schemas.js';

type Deps = Pick<TripPlanningDeps, 'customers' | 'users' | 'rates'>;

function checkDates(startDate: string | null, endDate: string | null): void {
  if (startDate !== null && endDate !== null && endDate < startDate) {
    throw invalidFormat('endDate', 'must not be before startDate');
  }
}

async function customerOf(deps: Deps, ctx: TenantContext, customerId: number | null) {
  if (customerId === null) return undefined;
  return deps.customers.findById(ctx.db, customerId);
}

async function create(deps: Deps, ctx: TenantContext, input: CreateProjectRequest): Promise<Project> {
  const tenantCurrency = ctx.tenant.currency.toUpperCase();
  const currency = (input.currency ?? tenantCurrency).toUpperCase();
  // the components are mostly priced in the tenant's currency: they must convert into the project's
  await requireRate(rateBook(deps, ctx.db, ctx), tenantCurrency, currency, 'currency');
  checkDates(input.startDate ?? null, input.endDate ?? null);
  if (input.customerId !== undefined && !(await deps.customers.findById(ctx.db, input.customerId))) {
    throw notFound('Customer');
  }
  const userId = loggedInUserId(ctx.session);
  const projectId = await repo.insertProject(
    ctx.db,
    {
      project_name: input.projectName,
      customer_id: input.customerId ?? null,
      start_date: input.startDate ?? null,
      end_date: input.endDate ?? null,
      adults: input.adults ?? 1,
      children: input.children ?? 0,
      infants: input.infants ?? 0,
      currency,
      created_by: userId,
      created_by_name: userId === null ? null : ((await deps.users.displayNameOfUser(ctx.db, userId)) ?? null),
    },
    ctx.now,
  );
  return get(deps, ctx, projectId);
}

async function get(deps: Deps, ctx: TenantContext, projectId: number): Promise<Project> {
  const project = await selectProject(ctx.db, projectId);
  if (!project) throw notFound('Project');
  const itineraries = await selectItinerariesOfProject(ctx.db, projectId);
  const prices = await selectPricesOfItineraries(
    ctx.db,
    itineraries.map((itinerary) => itinerary.itinerary_id),
  );
  const rates = rateBook(deps, ctx.db, ctx);
  const summaries = [];
  for (const itinerary of itineraries) {
    const own = prices.filter((price) => price.itinerary_id === itinerary.itinerary_id);
    summaries.push(itinerarySummary(itinerary, (await totalsOf(rates, own, project.currency)).totals));
  }
  const customer = await customerOf(deps, ctx, project.customer_id);
  return { ...projectAnswer(project, customer), itineraries: summaries };
}

async function list(deps: Deps, ctx: TenantContext, input: ListProjectsRequest): Promise<ProjectSummary[]> {
  const pageSize = input.pageSize ?? PAGE_SIZE;
  const rows = await repo.listProjects(ctx.db, {
    customerId: input.customerId,
    status: input.status,
    fromDate: input.fromDate,
    toDate: input.toDate,
    limit: pageSize,
    offset: ((input.page ?? 1) - 1) * pageSize,
  });
  const customers = new Map<number, Customer | undefined>();
  for (const row of rows) {
    if (row.customer_id !== null && !customers.has(row.customer_id)) {
      customers.set(row.customer_id, await deps.customers.findById(ctx.db, row.customer_id));
    }
  }
  return rows.map((row) => projectAnswer(row, row.customer_id === null ? undefined : customers.get(row.customer_id)));
}

/** The fields of an update other than the status: any of them on a frozen project is refused. */
const FIELDS = ['projectName', 'startDate', 'endDate', 'adults', 'children', 'infants', 'customerId'] as const;
const changesFields = (input: UpdateProjectRequest) => FIELDS.some((field) => input[field] !== undefined);

async function update(deps: Deps, ctx: TenantContext, input: UpdateProjectRequest): Promise<Project> {
  await withTransaction(ctx, async (tx) => {
    const project = await lockProject(tx, input.projectId);
    if (!project) throw notFound('Project');
    if (changesFields(input)) refuseFrozen(project);
    const status = input.status ?? project.status;
    const today = formatDate(ctx.now, ctx.tenant.timezone);
    const ended = project.end_date !== null && project.end_date < today;
    if (!mayMove(project.status, status, ended)) {
      const why = status === 'COMPLETED' ? ' (only a CONFIRMED project whose endDate has passed)' : '';
      throw new ApiError(ErrorCode.INVALID_STATE, `status: ${project.status} cannot move to ${status}${why}`);
    }
    if (input.customerId !== undefined && !(await deps.customers.findById(tx, input.customerId))) {
      throw notFound('Customer');
    }
    const values = {
      project_name: input.projectName ?? project.project_name,
      customer_id: input.customerId ?? project.customer_id,
      start_date: input.startDate ?? project.start_date,
      end_date: input.endDate ?? project.end_date,
      adults: input.adults ?? project.adults,
      children: input.children ?? project.children,
      infants: input.infants ?? project.infants,
    };
    checkDates(values.start_date, values.end_date);
    await repo.updateProject(tx, project.project_id, { ...values, status }, ctx.now);
  });
  return get(deps, ctx, input.projectId);
}

async function remove(ctx: TenantContext, projectId: number): Promise<boolean> {
  await withTransaction(ctx, async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project) throw notFound('Project');
    refuseFrozen(project);
    await repo.deleteProject(tx, projectId);
  });
  return true;
}

export function createProjectService(deps: Deps) {
  return {
    create: (ctx: TenantContext, input: CreateProjectRequest) => create(deps, ctx, input),
    get: (ctx: TenantContext, projectId: number) => get(deps, ctx, projectId),
    list: (ctx: TenantContext, input: ListProjectsRequest) => list(deps, ctx, input),
    update: (ctx: TenantContext, input: UpdateProjectRequest) => update(deps, ctx, input),
    remove,
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
