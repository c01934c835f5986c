// The Prometheus metrics backend against a stand-in HTTP server that answers
// as Prometheus's query API does (or fails as it can): the one query_range
// request it sends, how evaluation instants become step starts, and how each
// failure maps onto the port's errors. test/integration/metrics-prometheus.test.ts
// runs it against a real Prometheus; METRICS_BACKEND's configuration is here too.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { isUpstreamError } from '../../src/upstreams/errors.ts';
import { exporterText } from '../../src/upstreams/metrics/libvirt-exporter.ts';
import { PrometheusMetricsBackend, seriesQuery } from '../../src/upstreams/metrics/prometheus.ts';

const SERVER_ID = '0123456789abcdef';

/** A stand-in Prometheus: `answer` handles each request; the form bodies it got are kept. */
async function standIn(t: TestContext, answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; requests: URLSearchParams[] }> {
  const requests: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push(new URLSearchParams(body));
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const json = (response: ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const backend = (url: string, timeoutMs = 2000) => new PrometheusMetricsBackend({ url, scrapeIntervalMs: 15_000, timeoutMs });

async function assertUpstreamError(promise: Promise<unknown>, kind: string, label: string): Promise<void> {
  await assert.rejects(promise, (error) => isUpstreamError(error) && error.system === 'metrics' && error.kind === kind, label);
}

test('one query_range for the series asked for, evaluated at the end of each step; a point is labelled with its step’s start', async (t) => {
  const startMs = Date.parse('2025-03-01T12:00:00.500Z');
  const prometheus = await standIn(t, (_request, response) =>
    json(response, 200, {
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          // Steps 0 and 2 of cpu (their ends), one at an instant outside the range, and one that is not a number.
          { metric: { cloudplane_series: 'cpu' }, values: [[startMs / 1000 + 60, '0.25'], [startMs / 1000 + 180, '0.5'], [startMs / 1000 + 600, '1'], [startMs / 1000 + 120, 'NaN']] },
          { metric: { cloudplane_series: 'network.bytes.in' }, values: [[startMs / 1000 + 120, '2048']] },
          { metric: { cloudplane_series: 'not-asked' }, values: [[startMs / 1000 + 60, '1']] },
        ],
      },
    }),
  );
  const answer = await backend(`${prometheus.url}/`).read({ serverId: SERVER_ID, series: ['cpu', 'network.bytes.in', 'disk.bytes.read'], startMs, endMs: startMs + 170_000, stepSeconds: 60, widened: false });
  assert.deepEqual(answer, {
    stepSeconds: 60,
    series: {
      cpu: [[startMs / 1000, 0.25], [startMs / 1000 + 120, 0.5]],
      'network.bytes.in': [[startMs / 1000 + 60, 2048]],
      'disk.bytes.read': [],
    },
  });
  assert.equal(prometheus.requests.length, 1, 'one request for every series');
  const [sent] = prometheus.requests;
  // 170 s at 60 s: three steps, the last cut short by the end; evaluated at the end of each.
  assert.deepEqual([sent!.get('start'), sent!.get('end'), sent!.get('step')], [String(startMs / 1000 + 60), String(startMs / 1000 + 180), '60']);
  // The window is the step and one scrape interval (15 s).
  assert.equal(sent!.get('query'), seriesQuery(SERVER_ID, ['cpu', 'network.bytes.in', 'disk.bytes.read'], 75));
  assert.equal(
    seriesQuery(SERVER_ID, ['cpu', 'disk.bytes.write'], 75),
    'label_replace(sum(rate(libvirt_domain_info_cpu_time_seconds_total{domain="0123456789abcdef"}[75s])), "cloudplane_series", "cpu", "", "")' +
      ' or label_replace(sum(rate(libvirt_domain_block_stats_write_bytes_total{domain="0123456789abcdef"}[75s])), "cloudplane_series", "disk.bytes.write", "", "")',
  );
});

test('Prometheus unreachable or not ready is unavailable (503); an error, or an answer that is not Prometheus’s, is failed (502); silence is timeout', async (t) => {
  const request = { serverId: SERVER_ID, series: ['cpu'] as const, startMs: 0, endMs: 60_000, stepSeconds: 60, widened: false };
  const nothing = await standIn(t, (_request, response) => response.destroy());
  await assertUpstreamError(backend(nothing.url).read(request), 'unavailable', 'the connection dropped');
  await assertUpstreamError(backend('http://127.0.0.1:1').read(request), 'unavailable', 'nothing listens');

  const starting = await standIn(t, (_request, response) => response.writeHead(503).end('Service Unavailable'));
  await assertUpstreamError(backend(starting.url).read(request), 'unavailable', 'not ready yet');
  const badData = await standIn(t, (_request, response) => json(response, 400, { status: 'error', errorType: 'bad_data', error: 'parse error' }));
  await assertUpstreamError(backend(badData.url).read(request), 'failed', 'an error');
  const notPrometheus = await standIn(t, (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>'));
  await assertUpstreamError(backend(notPrometheus.url).read(request), 'failed', 'not JSON');
  const vector = await standIn(t, (_request, response) => json(response, 200, { status: 'success', data: { resultType: 'vector', result: [] } }));
  await assertUpstreamError(backend(vector.url).read(request), 'failed', 'not a matrix');
  const silent = await standIn(t, () => undefined);
  await assertUpstreamError(backend(silent.url, 100).read(request), 'timeout', 'no answer');
});

test('the simulator’s counters in the exporter’s text format: its names, labelled by domain, no timestamps', () => {
  const text = exporterText([{ serverId: SERVER_ID, counters: { at: '2025-03-01T12:00:00Z', cpuTimeNs: 1_500_000_000, networkRxBytes: 10, networkTxBytes: 20, diskReadBytes: 30, diskWriteBytes: 40 } }]);
  assert.equal(
    text,
    [
      '# HELP libvirt_domain_info_cpu_time_seconds_total Amount of CPU time used by the domain, in seconds.',
      '# TYPE libvirt_domain_info_cpu_time_seconds_total counter',
      'libvirt_domain_info_cpu_time_seconds_total{domain="0123456789abcdef"} 1.5',
      '# HELP libvirt_domain_block_stats_read_bytes_total Number of bytes read from a block device, in bytes.',
      '# TYPE libvirt_domain_block_stats_read_bytes_total counter',
      'libvirt_domain_block_stats_read_bytes_total{domain="0123456789abcdef"} 30',
      '# HELP libvirt_domain_block_stats_write_bytes_total Number of bytes written to a block device, in bytes.',
      '# TYPE libvirt_domain_block_stats_write_bytes_total counter',
      'libvirt_domain_block_stats_write_bytes_total{domain="0123456789abcdef"} 40',
      '# HELP libvirt_domain_interface_stats_receive_bytes_total Number of bytes received on a network interface, in bytes.',
      '# TYPE libvirt_domain_interface_stats_receive_bytes_total counter',
      'libvirt_domain_interface_stats_receive_bytes_total{domain="0123456789abcdef"} 10',
      '# HELP libvirt_domain_interface_stats_transmit_bytes_total Number of bytes transmitted on a network interface, in bytes.',
      '# TYPE libvirt_domain_interface_stats_transmit_bytes_total counter',
      'libvirt_domain_interface_stats_transmit_bytes_total{domain="0123456789abcdef"} 20',
      '',
    ].join('\n'),
  );
});

test('METRICS_BACKEND: builtin by default; prometheus needs PROMETHEUS_URL, an http(s) URL', () => {
  assert.deepEqual(loadConfig({}).metrics, { backend: 'builtin' });
  assert.deepEqual(loadConfig({ METRICS_BACKEND: 'prometheus', PROMETHEUS_URL: 'https://prometheus.example.com:9090/' }).metrics, {
    backend: 'prometheus',
    url: 'https://prometheus.example.com:9090',
    timeoutMs: 5000,
  });
  assert.equal(loadConfig({ METRICS_BACKEND: 'prometheus', PROMETHEUS_URL: 'http://127.0.0.1:9090', PROMETHEUS_TIMEOUT_MS: '2000' }).metrics?.backend, 'prometheus');
  const refusals: [NodeJS.ProcessEnv, RegExp][] = [
    [{ METRICS_BACKEND: 'influxdb' }, /^METRICS_BACKEND must be builtin or prometheus, got "influxdb"$/],
    [{ METRICS_BACKEND: 'prometheus' }, /^PROMETHEUS_URL is required with METRICS_BACKEND=prometheus/],
    [{ METRICS_BACKEND: 'prometheus', PROMETHEUS_URL: 'prometheus:9090' }, /^PROMETHEUS_URL must be an http\(s\) URL, got "prometheus:9090"$/],
    [{ METRICS_BACKEND: 'prometheus', PROMETHEUS_URL: 'ftp://prometheus' }, /^PROMETHEUS_URL must be an http\(s\) URL/],
    [{ METRICS_BACKEND: 'prometheus', PROMETHEUS_URL: 'http://127.0.0.1:9090', PROMETHEUS_TIMEOUT_MS: '0' }, /^PROMETHEUS_TIMEOUT_MS must be an integer from 100 to 120000/],
  ];
  for (const [env, message] of refusals) assert.throws(() => loadConfig(env), (error) => error instanceof ConfigError && message.test(error.message), JSON.stringify(env));
});
