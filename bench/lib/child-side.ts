// The child half of the IPC protocol: announce the ports, answer the bench's requests, stop on SIGTERM
// or when the bench goes away; and what a child can measure of itself (event-loop delay, a CPU profile).
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type {
  ChildReply,
  ChildRequest,
  LoopDelayReply,
  ProfileReply,
  ReadyMessage,
  ReplyMessage,
  RequestMessage,
} from './protocol.js';

export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

export function announceReady(ports: Record<string, number>): void {
  const message: ReadyMessage = { ready: { ports } };
  process.send?.(message);
}

export function answerRequests(handle: (request: ChildRequest) => Promise<ChildReply>): void {
  process.on('message', (message: RequestMessage) => {
    handle(message.request)
      .catch((error: unknown): ChildReply => ({ kind: 'failed', message: String(error) }))
      .then((reply) => {
        const answer: ReplyMessage = { id: message.id, reply };
        process.send?.(answer);
      });
  });
}

/** Runs `close` once on SIGTERM, SIGINT or a lost bench, then exits. */
export function stopOn(close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    close()
      .catch((error: unknown) => console.error('closing failed:', error))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('disconnect', stop);
}

/** An event-loop delay histogram of this process, opened and closed by the bench (perf_hooks). */
export function loopDelayMonitor(): (request: { action: 'start' | 'stop'; resolutionMs?: number }) => LoopDelayReply {
  let histogram: IntervalHistogram | undefined;
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return (request) => {
    if (request.action === 'start') {
      histogram?.disable();
      histogram = monitorEventLoopDelay({ resolution: request.resolutionMs ?? 10 });
      histogram.enable();
      return { kind: 'loop-delay' };
    }
    if (!histogram) throw new Error('the event-loop delay monitor was not started');
    histogram.disable();
    const figures = {
      samples: histogram.count,
      minMs: ms(histogram.min),
      meanMs: ms(histogram.mean),
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
    };
    histogram = undefined;
    return { kind: 'loop-delay', figures };
  };
}

/** The V8 sampling profiler of this process over the inspector; `stop` writes a .cpuprofile (Chrome DevTools). */
export function cpuProfiler(): (request: { action: 'start' | 'stop'; file?: string }) => Promise<ProfileReply> {
  let session: Session | undefined;
  return async (request) => {
    if (request.action === 'start') {
      if (session) throw new Error('a profile is already running');
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 500 });
      await session.post('Profiler.start');
      return { kind: 'profile' };
    }
    if (!session) throw new Error('no profile is running');
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    session = undefined;
    if (!request.file) throw new Error('profile stop needs a file');
    await mkdir(path.dirname(request.file), { recursive: true });
    await writeFile(request.file, JSON.stringify(profile));
    return { kind: 'profile', file: request.file };
  };
}
