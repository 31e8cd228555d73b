// Server children of the bench: a TypeScript entry point run by Node with the tsx loader (so the load
// generator never shares an event loop with the server), readiness and replies over IPC, output kept.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { childEnv, ROOT } from './env.js';
import { OutputTail } from './output.js';
import type {
  ChildReply,
  ChildRequest,
  ProvisionedReply,
  ReadyMessage,
  ReplyMessage,
  RequestMessage,
  StatsReply,
} from './protocol.js';

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** Every child still running, killed when the bench ends early; `true`: it leads its process group. */
const running = new Map<ChildProcess, boolean>();

export function track(child: ChildProcess, leadsGroup = false): void {
  running.set(child, leadsGroup);
  child.once('exit', () => running.delete(child));
}

export function killRunningChildren(): void {
  for (const [child, leadsGroup] of running) {
    // A detached child leads its own process group (tsx, node, PostgreSQL): that group is killed whole.
    if (leadsGroup && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
        continue;
      } catch {
        // the group is gone already; fall through to the child itself
      }
    }
    child.kill('SIGKILL');
  }
}

/** Resolves with the exit code, or undefined when the child is still running after `timeoutMs`. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<number | null | undefined> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

export interface ServerChild {
  name: string;
  /** The child's process (node with the tsx loader, the server itself). */
  pid: number | undefined;
  ports: Record<string, number>;
  /** The port the child announced under `name`. */
  port(name: string): number;
  output: OutputTail;
  ask(request: ChildRequest, timeoutMs: number): Promise<ChildReply>;
  stop(): Promise<void>;
}

/** Starts `bench/servers/<file>` and waits until it announces its ports. */
export async function startServerChild(file: string, settings: Record<string, string>): Promise<ServerChild> {
  const name = path.basename(file, '.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'servers', file)], {
    cwd: ROOT,
    env: childEnv(settings),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  track(child);
  const output = new OutputTail();
  output.attach(child.stdout);
  output.attach(child.stderr);

  let nextId = 1;
  const pending = new Map<number, (reply: ChildReply) => void>();
  const ports = await new Promise<Record<string, number>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} not ready after ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    child.on('message', (message: ReadyMessage | ReplyMessage) => {
      if ('ready' in message) {
        clearTimeout(timer);
        resolve(message.ready.ports);
        return;
      }
      pending.get(message.id)?.(message.reply);
      pending.delete(message.id);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready\n${output.tail()}`));
      for (const answer of pending.values()) answer({ kind: 'failed', message: `${name} exited with ${code}` });
    });
  });

  return {
    name,
    pid: child.pid,
    ports,
    port(portName) {
      const port = ports[portName];
      if (port === undefined) throw new Error(`${name} announced no port "${portName}"`);
      return port;
    },
    output,
    ask(request, timeoutMs) {
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve({ kind: 'failed', message: `${name}: no answer to ${request.kind} after ${timeoutMs} ms` });
        }, timeoutMs);
        pending.set(id, (reply) => {
          clearTimeout(timer);
          resolve(reply);
        });
        const message: RequestMessage = { id, request };
        child.send(message);
      });
    },
    async stop() {
      child.kill('SIGTERM');
      if ((await waitForExit(child, STOP_TIMEOUT_MS)) === undefined) {
        child.kill('SIGKILL');
        throw new Error(`${name} did not stop within ${STOP_TIMEOUT_MS} ms of SIGTERM`);
      }
    },
  };
}

/** Asks the child and insists on a reply of `kind`; a failure or another reply throws (with the child's output). */
export async function askFor<K extends ChildReply['kind']>(
  child: ServerChild,
  request: ChildRequest,
  kind: K,
  timeoutMs: number,
): Promise<Extract<ChildReply, { kind: K }>> {
  const reply = await child.ask(request, timeoutMs);
  if (reply.kind !== kind) {
    const why = reply.kind === 'failed' ? reply.message : `answered ${reply.kind}`;
    throw new Error(`${child.name}: ${request.kind}: ${why}\n${child.output.tail()}`);
  }
  return reply as Extract<ChildReply, { kind: K }>;
}

export async function childStats(child: ServerChild, timeoutMs = 5_000): Promise<StatsReply> {
  const reply = await child.ask({ kind: 'stats' }, timeoutMs);
  if (reply.kind !== 'stats') throw new Error(`${child.name}: ${reply.kind === 'failed' ? reply.message : reply.kind}`);
  return reply;
}

export async function childProvision(
  child: ServerChild,
  request: { count: number; concurrency: number; prefix: string },
  timeoutMs: number,
): Promise<ProvisionedReply> {
  const reply = await child.ask({ kind: 'provision', ...request }, timeoutMs);
  if (reply.kind !== 'provisioned') {
    throw new Error(`${child.name}: ${reply.kind === 'failed' ? reply.message : reply.kind}\n${child.output.tail()}`);
  }
  return reply;
}

/** A fresh database pool in the child (see the `reset-pool` request). */
export async function resetPool(child: ServerChild, tenantCode?: string): Promise<void> {
  await askFor(child, { kind: 'reset-pool', ...(tenantCode ? { tenantCode } : {}) }, 'pool-reset', 30_000);
}
