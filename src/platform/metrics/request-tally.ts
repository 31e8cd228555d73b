// The request counter and latency histogram, tallied in plain numbers and written as Prometheus text only when
// scraped. Every answer of the node is recorded here, so the hot path is one string key, one map look-up and a few
// additions: prom-client's Counter and Histogram hash their labels on every call, which cost the no-op request
// a sixth of its throughput. The text is what prom-client would write for the same series (names, label order,
// cumulative buckets), so dashboards cannot tell the difference.

const REQUESTS = 'http_requests_total';
const DURATION = 'http_request_duration_seconds';

interface Series {
  readonly operation: string;
  readonly method: string;
  readonly status: number;
  count: number;
  /** Observations per bucket (not cumulative), the last one being +Inf. */
  readonly buckets: number[];
  sum: number;
}

export interface RequestTally {
  record(operation: string, method: string, status: number, seconds: number): void;
  /** The two metrics in the Prometheus text format (0.0.4), each line ending with a newline. */
  exposition(): string;
}

export function createRequestTally(upperBounds: readonly number[]): RequestTally {
  // operation → method → status: the route's and the method's strings are the same objects on every request (their
  // hashes kept), where a key joined per request was a new string to build and hash each time.
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();
  const entryOf = (operation: string, method: string, status: number): Series => {
    let byMethod = byRoute.get(operation);
    if (byMethod === undefined) {
      byMethod = new Map();
      byRoute.set(operation, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let entry = byStatus.get(status);
    if (entry === undefined) {
      entry = { operation, method, status, count: 0, buckets: new Array(upperBounds.length + 1).fill(0), sum: 0 };
      byStatus.set(status, entry);
    }
    return entry;
  };
  return {
    record(operation, method, status, seconds) {
      const entry = entryOf(operation, method, status);
      entry.count += 1;
      entry.sum += seconds;
      let bucket = 0;
      while (bucket < upperBounds.length && seconds > (upperBounds[bucket] as number)) bucket += 1;
      (entry.buckets[bucket] as number) += 1;
    },
    exposition() {
      return requestsText(allSeries(byRoute)) + durationText(durationsByRoute(allSeries(byRoute)), upperBounds);
    },
  };
}

function* allSeries(byRoute: Map<string, Map<string, Map<number, Series>>>): Iterable<Series> {
  for (const byMethod of byRoute.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
}

function requestsText(all: Iterable<Series>): string {
  const lines = [
    `# HELP ${REQUESTS} Requests answered, by operation (route template), method and status`,
    `# TYPE ${REQUESTS} counter`,
  ];
  for (const { operation, method, status, count } of all) {
    const labels = `operation="${escaped(operation)}",method="${method}",status="${status}",status_class="${Math.floor(status / 100)}xx"`;
    lines.push(`${REQUESTS}{${labels}} ${count}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The histogram is labelled by operation and method only: the statuses of one route are added together. */
function durationsByRoute(all: Iterable<Series>): Map<string, Omit<Series, 'status'>> {
  const routes = new Map<string, Omit<Series, 'status'>>();
  for (const { operation, method, count, buckets, sum } of all) {
    const key = `${method} ${operation}`;
    const route = routes.get(key) ?? { operation, method, count: 0, buckets: buckets.map(() => 0), sum: 0 };
    route.count += count;
    route.sum += sum;
    buckets.forEach((observed, index) => {
      (route.buckets[index] as number) += observed;
    });
    routes.set(key, route);
  }
  return routes;
}

function durationText(routes: Map<string, Omit<Series, 'status'>>, upperBounds: readonly number[]): string {
  const lines = [
    `# HELP ${DURATION} Time from the request to its answer, by operation (route template) and method`,
    `# TYPE ${DURATION} histogram`,
  ];
  for (const { operation, method, count, buckets, sum } of routes.values()) {
    const labels = `operation="${escaped(operation)}",method="${method}"`;
    let cumulative = 0;
    buckets.forEach((observed, index) => {
      cumulative += observed;
      const le = index < upperBounds.length ? String(upperBounds[index]) : '+Inf';
      lines.push(`${DURATION}_bucket{le="${le}",${labels}} ${cumulative}`);
    });
    lines.push(`${DURATION}_sum{${labels}} ${sum}`, `${DURATION}_count{${labels}} ${count}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Label values escape backslash, double quote and newline (the text format's rule). */
function escaped(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
