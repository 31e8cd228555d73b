// The part of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** A number of requests to send, instead of a duration. */
    amount?: number;
    headers?: Record<string, string>;
    requests?: Array<RequestParams & { setupRequest?: (request: RequestParams) => RequestParams }>;
    /** Answers whose body it refuses count as mismatches. */
    verifyBody?: (body: string) => boolean;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
