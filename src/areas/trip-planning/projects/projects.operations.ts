// /tripmaker/project/* (spec part 2 "Trip planning (base /tripmaker)", contract §8.5): employees only (§3).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { Project, ProjectSummary } from '../trip.schemas.js';
import { Deleted, employeePolicy, projectRecord } from '../trip.shared.js';
import * as S from './projects.schemas.js';
import type { ProjectService } from './projects.service.js';

const base = { ...employeePolicy, methods: ['POST'] as const };

const FROZEN = 'A CONFIRMED, COMPLETED or CANCELLED project takes no change but its status (INVALID_STATE).';

export function projectOperations(
  projects: ProjectService,
  toBooking: (ctx: Parameters<ProjectService['get']>[0], input: S.ToBookingRequest) => Promise<void>,
): OperationDeclaration[] {
  return [
    operation({
      ...base,
      sessionParameter: 'required',
      path: '/tripmaker/project/create',
      summary: 'Create a DRAFT trip project → the project',
      description:
        "currency (added): the itineraries' totals are in it; the tenant's by default; another needs an exchange " +
        "rate from the tenant's currency in force (else INVALID_FORMAT naming currency). An unknown customer is NOTFOUND.",
      input: S.CreateProjectRequest,
      response: Project,
      records: { customerId: 'customer' },
      handler: (ctx, input) => projects.create(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/project/list',
      summary: 'Projects by customer, status and date range, newest first, a page at a time',
      description:
        'fromDate/toDate keep trips overlapping the range (a project without dates matches any). page from 1, ' +
        `pageSize default ${S.PAGE_SIZE}, at most ${S.MAX_PAGE_SIZE}. Rows without their itineraries.`,
      input: S.ListProjectsRequest,
      response: Type.Array(ProjectSummary),
      records: { customerId: 'customer' },
      handler: (ctx, input) => projects.list(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/project/get',
      summary: 'One project with its itineraries and their totals (NOTFOUND if none)',
      input: S.ProjectIdRequest,
      response: Project,
      records: projectRecord,
      handler: (ctx, input) => projects.get(ctx, input.projectId),
    }),
    operation({
      ...base,
      path: '/tripmaker/project/update',
      summary: 'Change a project and/or move its status → the project',
      description:
        'Status moves: DRAFT ↔ QUOTED; CONFIRMED → COMPLETED once endDate is past (the tenant’s today); CANCELLED ' +
        'from any but COMPLETED; CONFIRMED only by toBooking; others INVALID_STATE. customerId (added) sets the ' +
        `customer. ${FROZEN}`,
      input: S.UpdateProjectRequest,
      response: Project,
      records: { ...projectRecord, customerId: 'customer' },
      handler: (ctx, input) => projects.update(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/project/delete',
      summary: 'Delete a project with its itineraries and components → true',
      description: FROZEN,
      input: S.ProjectIdRequest,
      response: Deleted,
      records: projectRecord,
      handler: (ctx, input) => projects.remove(ctx, input.projectId),
    }),
    toBookingOperation(projects, toBooking),
  ];
}

function toBookingOperation(
  projects: ProjectService,
  toBooking: (ctx: Parameters<ProjectService['get']>[0], input: S.ToBookingRequest) => Promise<void>,
): OperationDeclaration {
  return operation({
    ...base,
    path: '/tripmaker/project/toBooking',
    summary: 'Make the chosen itinerary a back-office booking; the project becomes CONFIRMED → the project',
    description:
      "One booking line per component but exclusions, at its selling price in the project's currency, for the " +
      "project's customer (none: INVALID_STATE); the booking is CONFIRMED awaiting payment and its notes name the " +
      'project; the project keeps bookingId and bookingReference. Only from DRAFT or QUOTED (else INVALID_STATE: ' +
      'of concurrent calls one makes the booking). An itinerary of another project is NOTFOUND.',
    input: S.ToBookingRequest,
    response: Project,
    records: projectRecord,
    handler: async (ctx, input) => {
      await toBooking(ctx, input);
      return projects.get(ctx, input.projectId);
    },
  });
}
