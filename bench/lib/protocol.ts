// Messages between the bench and its server children over Node IPC.

export type ChildRequest =
  | { kind: 'provision'; count: number; concurrency: number; prefix: string }
  | { kind: 'stats' };

export interface ProvisionedReply {
  kind: 'provisioned';
  tenantCodes: string[];
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
}

export interface FailedReply {
  kind: 'failed';
  message: string;
}

export type ChildReply = ProvisionedReply | StatsReply | FailedReply;

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
