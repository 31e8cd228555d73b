// Every node writes a heartbeat row in the platform database; a member is alive while its heartbeat is
// younger than three intervals. /system/health reports the count.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';

export interface Heartbeat {
  start(): Promise<void>;
  stop(): Promise<void>;
  liveMembers(): Promise<number>;
}

export function createHeartbeat(deps: {
  platformDb: Sql;
  nodeId: string;
  intervalMs: number;
  log: FastifyBaseLogger;
}): Heartbeat {
  const { platformDb, nodeId } = deps;
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    await platformDb`
      INSERT INTO cluster_nodes (node_id) VALUES (${nodeId})
      ON CONFLICT (node_id) DO UPDATE SET last_seen_at = now()`;
  };
  return {
    async start() {
      await beat();
      // Rows of nodes gone for a day are only noise in the table.
      await platformDb`DELETE FROM cluster_nodes WHERE last_seen_at < now() - interval '1 day'`;
      timer = setInterval(() => {
        beat().catch((error) => deps.log.warn({ err: error }, 'heartbeat failed'));
      }, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await platformDb`DELETE FROM cluster_nodes WHERE node_id = ${nodeId}`.catch(() => undefined);
    },
    async liveMembers() {
      const windowMs = deps.intervalMs * 3;
      const [row] = await platformDb<{ members: number }[]>`
        SELECT count(*)::int AS members FROM cluster_nodes
        WHERE last_seen_at > now() - make_interval(secs => ${windowMs / 1000})`;
      return row?.members ?? 0;
    },
  };
}
