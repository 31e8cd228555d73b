import { type Static, Type } from '@sinclair/typebox';

export const HealthReport = Type.Object({
  status: Type.Union([Type.Literal('UP'), Type.Literal('DEGRADED')]),
  database: Type.String({ description: '"UP" or "DOWN: <reason>"' }),
  cluster: Type.String({ description: '"UP (<n> members)", or "UNKNOWN" while the database is down' }),
  clusterWarning: Type.Optional(Type.String({ description: 'Present when this node is the only member' })),
  plugins: Type.Union([Type.Literal('INITIALIZED'), Type.Literal('NOT_INITIALIZED')]),
  tenants: Type.Object({
    active: Type.Integer(),
    suspended: Type.Integer(),
    openPools: Type.Integer({ description: 'Tenant database pools open on this node' }),
  }),
});
export type HealthReport = Static<typeof HealthReport>;

export const ReadinessReport = Type.Object({
  status: Type.Union([Type.Literal('READY'), Type.Literal('NOT_READY')]),
  database: Type.String(),
  plugins: Type.Union([Type.Literal('INITIALIZED'), Type.Literal('NOT_INITIALIZED')]),
});
export type ReadinessReport = Static<typeof ReadinessReport>;
