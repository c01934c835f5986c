// `cloudplane events tail` and `--wait` against a real `cloudplane serve`,
// through a proxy on 127.0.0.1 (test/helpers/recording-proxy.ts) that records
// what the command asked for and can cut its stream: the tail prints each event once,
// in order, as the event log holds it (a line for people, the API's JSON one
// per line with -o json), goes on by itself after its connection is cut, and
// ends with Ctrl+C; `--wait` opens the stream and reads the action once
// instead of polling it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { recordingProxy, type RecordingProxy } from '../helpers/recording-proxy.ts';
import { assertExit, configHome, runCli, startCli, startService, type Service } from './harness.ts';

describe('events tail and --wait against a running service', () => {
  let service: Service;
  let proxy: RecordingProxy;
  let home: ReturnType<typeof configHome>;
  let serverId: string;
  const env = () => ({ CLOUDPLANE_URL: proxy.url, CLOUDPLANE_TOKEN: service.key, CLOUDPLANE_PROJECT: service.project });
  const api = (path: string, options: Parameters<Service['serve']['api']>[1] = {}) => service.serve.api(`/projects/${service.project}${path}`, { key: service.key, ...options });

  /** The project's events after `after`, as the log's pages hold them. */
  async function logged(after: number): Promise<any[]> {
    const page = await api(`/events/?after=${after}&page_size=500`);
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.equal(page.body.has_more, false);
    return page.body.results;
  }

  async function reboot(): Promise<number> {
    const started = await api(`/servers/${serverId}/actions/reboot/`, { method: 'POST' });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    await eventually(async () => (await api(`/actions/${started.body.id}/`)).body.status === 'success');
    return started.body.id;
  }

  before(async () => {
    service = await startService();
    proxy = await recordingProxy(service.serve.baseUrl);
    home = configHome();
    const placed = await service.serve.admin(`/projects/${service.project}/servers`, {
      method: 'POST',
      body: { hostname: 'cli-events-1', product_id: 1, location: 'fsn1', image: 'debian-12' },
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    serverId = placed.body.id;
  });
  after(async () => {
    await proxy?.close();
    await service?.stop();
    home?.remove();
  });

  test('events tail -o json prints each event once, in order, as the log holds it, also across a cut; Ctrl+C ends it with exit 0', { timeout: 90_000 }, async () => {
    const startedAfter = (await logged(0)).at(-1)?.id ?? 0;
    const tail = startCli(home.directory, ['events', 'tail', '--after', String(startedAfter), '-o', 'json'], { env: env() });
    try {
      const printed = () =>
        tail
          .stdout()
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line));
      await eventually(async () => proxy.openStreams() === 1, 30_000);
      const first = await reboot();
      await eventually(async () => printed().some((event) => event.type === 'action.finished' && event.resource.id === String(first)), 10_000);
      const beforeCut = printed().at(-1).id;
      // The connection goes; the events of a reboot made meanwhile still come, once.
      proxy.cutStreams();
      const second = await reboot();
      await eventually(async () => printed().some((event) => event.type === 'action.finished' && event.resource.id === String(second)), 15_000);
      const expected = await logged(startedAfter);
      await eventually(async () => printed().length >= expected.length, 10_000);

      const stopped = await tail.stop('SIGINT');
      assertExit(stopped, 0, 'events tail ended with Ctrl+C');
      assert.deepEqual(printed(), expected, 'one line per event: the event as the API sends it');
      assert.match(stopped.stderr, new RegExp(`^event stream interrupted \\(the connection failed.*\\); reconnecting in 2 s, after event ${beforeCut}$`, 'm'));
      const streamRequests = proxy.forwarded.filter((request) => request.accept === 'text/event-stream');
      assert.deepEqual(
        streamRequests.map((request) => [request.url, request.lastEventId]),
        [
          [`/api/v1/projects/${service.project}/events/?after=${startedAfter}`, undefined],
          [`/api/v1/projects/${service.project}/events/`, String(beforeCut)],
        ],
      );
    } finally {
      await tail.stop('SIGKILL');
    }
  });

  test('events tail --types prints one line per event for people', { timeout: 60_000 }, async () => {
    const tail = startCli(home.directory, ['events', 'tail', '--types', 'action.finished,server.renamed'], { env: env() });
    try {
      await eventually(async () => proxy.openStreams() === 1, 30_000);
      const rebootId = await reboot();
      const renamed = await api(`/servers/${serverId}/`, { method: 'PATCH', body: { hostname: 'cli-events-2' } });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      await eventually(async () => tail.stdout().includes('renamed to cli-events-2'), 10_000);
      const stopped = await tail.stop('SIGTERM');
      assertExit(stopped, 0, 'events tail ended with SIGTERM');
      const lines = stopped.stdout.trimEnd().split('\n');
      assert.equal(lines.length, 2, stopped.stdout);
      const timestamp = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z';
      assert.match(lines[0]!, new RegExp(`^${timestamp}  \\d+ +action\\.finished  action ${rebootId} +server\\.reboot on ${serverId}: success$`));
      assert.match(lines[1]!, new RegExp(`^${timestamp}  \\d+ +server\\.renamed   server ${serverId}  renamed to cli-events-2$`));
      assert.equal(lines[0]!.indexOf('action.finished'), lines[1]!.indexOf('server.renamed'), 'the columns line up');
    } finally {
      await tail.stop('SIGKILL');
    }
  });

  test('--wait opens the event stream and reads the action once, instead of polling it', { timeout: 60_000 }, async () => {
    proxy.forwarded.length = 0;
    const rebooted = await runCli(home.directory, ['servers', 'reboot', serverId, '--wait', '-o', 'json'], { env: env() });
    assertExit(rebooted, 0, 'servers reboot --wait');
    const action = JSON.parse(rebooted.stdout);
    assert.equal(action.status, 'success');
    assert.match(rebooted.stderr, new RegExp(`^action ${action.id} \\(reboot on ${serverId}\\): success$`, 'm'));
    const stream = proxy.forwarded.filter((request) => request.accept === 'text/event-stream');
    assert.deepEqual(stream.map((request) => request.url), [`/api/v1/projects/${service.project}/events/?types=action.finished`]);
    const reads = proxy.forwarded.filter((request) => request.method === 'GET' && request.url === `/api/v1/projects/${service.project}/actions/${action.id}/`);
    assert.equal(reads.length, 1, `one read, then the action.finished event: ${JSON.stringify(proxy.forwarded)}`);
    assert.ok(proxy.forwarded.indexOf(stream[0]!) < proxy.forwarded.indexOf(reads[0]!), 'the stream was open before the read, so no change fell between');
  });

  test('an event type the service does not have, or a malformed list, is a usage error', async () => {
    const unknown = await runCli(home.directory, ['events', 'tail', '--types', 'action.finished,action.exploded'], { env: env() });
    assertExit(unknown, 2, 'an unknown event type');
    assert.match(unknown.stderr, /^error: not an event type: action\.exploded \(the types are: action\.started, action\.finished, /m);
    const malformed = await runCli(home.directory, ['events', 'tail', '--types', 'Action Finished'], { env: env() });
    assertExit(malformed, 2, 'a malformed list');
    assert.match(malformed.stderr, /expected event types separated by commas/);
    const negative = await runCli(home.directory, ['events', 'tail', '--after', '-1'], { env: env() });
    assertExit(negative, 2, 'a negative --after');
  });
});
