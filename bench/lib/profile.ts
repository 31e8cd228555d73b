// Where a child's CPU time went, from a V8 .cpuprofile: self time by place (package, src/ file, node: module,
// native function), the time spent in each src/ file including what it called, and the functions with the most
// self time. Idle time is left out (the process waited). Positions are line:column of the code tsx ran (one
// line a module), not of the TypeScript source: open the file in Chrome DevTools to browse the tree.
import path from 'node:path';
import { ROOT } from './env.js';
import { round } from './stats.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

interface Share {
  ms: number;
  /** Of the busy time. */
  percent: number;
}

export interface ProfileSummary {
  /** Wall time covered by the profile. */
  profiledMs: number;
  /** Sampled time not idle: JavaScript, native code, GC. */
  busyMs: number;
  /** Self time by place, largest first. */
  byPlace: Array<{ place: string } & Share>;
  /** Time with a frame of the src/ file on the stack (the file's code and all it called), largest first. */
  srcInclusive: Array<{ file: string } & Share>;
  /** Functions with the most self time. */
  topFunctions: Array<{ fn: string } & Share>;
}

/** A package, a src/ file, a node: module, a native function, or V8's (program) and (garbage collector). */
export function placeOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/')[0] ?? url;
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? file);
  }
  return path.relative(ROOT, file) || file;
}

export function summarizeProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map<number, number>();
  // timeDeltas[i + 1] is the time from sample i to the next one: the time sample i stands for.
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i];
    if (id !== undefined) selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, deltas[i + 1] ?? 0));
  }

  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  const srcFiles = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    busyUs += us;
    const place = placeOf(frame);
    add(places, place, us);
    const where = frame.url ? ` ${place}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
    add(functions, `${frame.functionName || '(anonymous)'}${where}`, us);
    // Each src/ file on the stack, once.
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const stackFrame = byId.get(at)?.callFrame;
      if (stackFrame?.url.includes('/src/') && !stackFrame.url.includes('/node_modules/')) {
        onStack.add(placeOf(stackFrame));
      }
    }
    for (const file of onStack) add(srcFiles, file, us);
  }

  const ranked = <K extends string>(entries: Map<string, number>, key: K) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({
        [key]: name,
        ms: round(us / 1000),
        percent: round((100 * us) / Math.max(1, busyUs), 1),
      })) as Array<Record<K, string> & Share>;
  return {
    profiledMs: round((profile.endTime - profile.startTime) / 1000),
    busyMs: round(busyUs / 1000),
    byPlace: ranked(places, 'place'),
    srcInclusive: ranked(srcFiles, 'file'),
    topFunctions: ranked(functions, 'fn'),
  };
}

function add(map: Map<string, number>, key: string, us: number): void {
  map.set(key, (map.get(key) ?? 0) + us);
}
