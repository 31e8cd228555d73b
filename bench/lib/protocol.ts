// Messages between the bench and its server children over Node IPC.

export type ChildRequest =
  | { kind: 'provision'; count: number; concurrency: number; prefix: string }
  | { kind: 'stats' }
  /** `hashPassword` of the service `count` times one after another, each timed. */
  | { kind: 'hash-timing'; count: number }
  /** Event-loop delay: `start` opens a fresh histogram, `stop` closes it and answers its percentiles. */
  | { kind: 'loop-delay'; action: 'start' | 'stop'; resolutionMs?: number }
  /** The child's CPU profile (V8 sampling profiler over the inspector): `stop` writes it to `file`. */
  | { kind: 'profile'; action: 'start' | 'stop'; file?: string }
  /**
   * A fresh postgres.js pool: the service evicts the tenant's pool (the next request opens a new one), a bare
   * baseline replaces its own. Before each measured run, so that no run inherits the driver state of earlier
   * runs (postgres.js 3.4's pool queue grows with every query served while the pool is saturated).
   */
  | { kind: 'reset-pool'; tenantCode?: string };

export interface ProvisionedReply {
  kind: 'provisioned';
  tenantCodes: string[];
  /** The temporary password of each tenant's first admin, in the order of tenantCodes (never written anywhere). */
  adminPasswords: string[];
  durationsMs: number[];
  totalMs: number;
}

export interface StatsReply {
  kind: 'stats';
  openPools: number;
  reservedConnections: number;
  rssBytes: number;
  heapUsedBytes: number;
  tenants: number;
  /** Accommodation searches of this node answered from a kept read of their stay, and read now. */
  hotelSearches: { kept: number; read: number };
}

export interface HashTimingReply {
  kind: 'hash-timing';
  durationsMs: number[];
}

export interface LoopDelayReply {
  kind: 'loop-delay';
  /** Absent for `start`. Milliseconds; delays beyond the monitor's own resolution. */
  figures?: { samples: number; minMs: number; meanMs: number; p50Ms: number; p99Ms: number; maxMs: number };
}

export interface ProfileReply {
  kind: 'profile';
  /** Where `stop` wrote the profile. */
  file?: string;
}

export interface PoolResetReply {
  kind: 'pool-reset';
}

export interface FailedReply {
  kind: 'failed';
  message: string;
}

export type ChildReply =
  | ProvisionedReply
  | StatsReply
  | HashTimingReply
  | LoopDelayReply
  | ProfileReply
  | PoolResetReply
  | FailedReply;

/** Child → bench: listening, on these ports (each server listens on port 0 of 127.0.0.1). */
export interface ReadyMessage {
  ready: { ports: Record<string, number> };
}

export interface RequestMessage {
  id: number;
  request: ChildRequest;
}

export interface ReplyMessage {
  id: number;
  reply: ChildReply;
}
