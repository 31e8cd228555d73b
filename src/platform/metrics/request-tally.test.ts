// The tally writes what prom-client would: a counter per operation, method and status, and a cumulative
// histogram per operation and method whose statuses are added together.
import { expect, it } from 'vitest';
import { createRequestTally } from './request-tally.js';

it('writes counters and cumulative buckets in the Prometheus text format', () => {
  const tally = createRequestTally([0.01, 0.1]);
  // Binary fractions, so the sum is exact.
  tally.record('/cart/add', 'POST', 200, 0.0078125);
  tally.record('/cart/add', 'POST', 200, 0.0625);
  tally.record('/cart/add', 'POST', 400, 0.0625);
  tally.record('/cart/add', 'POST', 200, 3);

  expect(tally.exposition().split('\n')).toEqual([
    '# HELP http_requests_total Requests answered, by operation (route template), method and status',
    '# TYPE http_requests_total counter',
    'http_requests_total{operation="/cart/add",method="POST",status="200",status_class="2xx"} 3',
    'http_requests_total{operation="/cart/add",method="POST",status="400",status_class="4xx"} 1',
    '# HELP http_request_duration_seconds Time from the request to its answer, by operation (route template) and method',
    '# TYPE http_request_duration_seconds histogram',
    'http_request_duration_seconds_bucket{le="0.01",operation="/cart/add",method="POST"} 1',
    'http_request_duration_seconds_bucket{le="0.1",operation="/cart/add",method="POST"} 3',
    'http_request_duration_seconds_bucket{le="+Inf",operation="/cart/add",method="POST"} 4',
    'http_request_duration_seconds_sum{operation="/cart/add",method="POST"} 3.1328125',
    'http_request_duration_seconds_count{operation="/cart/add",method="POST"} 4',
    '',
  ]);
});

it('counts an observation equal to a bound in that bound\'s bucket (buckets are "less than or equal")', () => {
  const tally = createRequestTally([0.5]);
  tally.record('/x', 'GET', 200, 0.5);
  expect(tally.exposition()).toContain('http_request_duration_seconds_bucket{le="0.5",operation="/x",method="GET"} 1');
});

it('escapes label values and writes the headers alone when nothing was answered', () => {
  const empty = createRequestTally([1]).exposition();
  expect(empty).not.toContain('{');
  const tally = createRequestTally([1]);
  tally.record('/a"b\\c\nd', 'GET', 404, 0.5);
  expect(tally.exposition()).toContain('operation="/a\\"b\\\\c\\nd"');
});
