// The retry policy itself, on answers scripted by a stand-in fetch (the
// integration tests beside this one show it against the real service): what
// is sent again and what is not, the bounds in count and time, backoff within
// its jittered ceiling, Retry-After in both of its forms, and a connection
// that never answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffDelay, retryAfterMs } from '../../src/client/backoff.ts';
import { CloudplaneConnectionError, CloudplaneError, createClient, type ClientOptions } from '../../src/client/index.ts';

const BASE = 'http://cloudplane.test/api/v1';

interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A client whose fetch answers from `script` (the last entry repeats; `'reset'` throws as a dropped connection) and records what it was sent. */
function scriptedClient(script: (Scripted | 'reset')[], options: Partial<ClientOptions> = {}) {
  const sent: { method: string; path: string; key: string | null; body: string }[] = [];
  const waits: number[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get('idempotency-key'), body: await request.text() });
    const next = script[Math.min(sent.length - 1, script.length - 1)]!;
    if (next === 'reset') throw new TypeError('fetch failed');
    const body = next.body === undefined ? null : JSON.stringify(next.body);
    return new Response(body, { status: next.status, headers: { 'content-type': 'application/problem+json', ...next.headers } });
  };
  const client = createClient({
    baseUrl: BASE,
    token: 'key',
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { client, sent, waits };
}

const problem = (status: number, code: string, extra: Record<string, unknown> = {}): Scripted => ({ status, body: { status, code, detail: `${code} happened`, ...extra } });
const ok: Scripted = { status: 200, body: { ok: true } };

async function thrown(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => assert.fail('expected the call to throw'),
    (error: unknown) => error,
  );
}

test('what is sent again: 429 and 503 always; 502 only when repeating is safe; never 500 or 4xx', async () => {
  const cases: { label: string; answer: Scripted; call: (client: ReturnType<typeof createClient>) => Promise<unknown>; attempts: number }[] = [
    { label: 'GET on 502', answer: problem(502, 'upstream_error'), call: (c) => c.call(c.raw.GET('/me/')), attempts: 2 },
    { label: 'GET on 500', answer: problem(500, 'internal_error'), call: (c) => c.call(c.raw.GET('/me/')), attempts: 1 },
    { label: 'GET on 404', answer: problem(404, 'not_found'), call: (c) => c.call(c.raw.GET('/me/')), attempts: 1 },
    {
      label: 'group create on 502 (the first may have happened)',
      answer: problem(502, 'upstream_error'),
      call: (c) => c.call(c.raw.POST('/projects/{project_slug}/firewall-groups/', { params: { path: { project_slug: 'p' } }, body: { name: 'g', direction: 'ingress' } })),
      attempts: 1,
    },
    {
      label: 'group create on 503 (refused before anything)',
      answer: problem(503, 'upstream_unavailable'),
      call: (c) => c.call(c.raw.POST('/projects/{project_slug}/firewall-groups/', { params: { path: { project_slug: 'p' } }, body: { name: 'g', direction: 'ingress' } })),
      attempts: 2,
    },
    {
      label: 'group delete on 502',
      answer: problem(502, 'upstream_error'),
      call: (c) => c.call(c.raw.DELETE('/projects/{project_slug}/firewall-groups/{group_id}/', { params: { path: { project_slug: 'p', group_id: 1 } } })),
      attempts: 1,
    },
    {
      label: 'reverse DNS PUT on 502 (a replacement)',
      answer: problem(502, 'upstream_error'),
      call: (c) =>
        c.call(c.raw.PUT('/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/', { params: { path: { project_slug: 'p', server_id: 'ab', address: '192.0.2.1' } }, body: { ptr: 'a.example' } })),
      attempts: 2,
    },
    {
      label: 'cancel on 502 (the spec: send it again)',
      answer: problem(502, 'upstream_error'),
      call: (c) => c.call(c.raw.POST('/projects/{project_slug}/servers/{server_id}/cancel/', { params: { path: { project_slug: 'p', server_id: 'ab' } }, body: { when: 'immediate' } })),
      attempts: 2,
    },
    {
      label: 'action start on 502 (it carries a key)',
      answer: problem(502, 'upstream_error'),
      call: (c) => c.call(c.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/reboot/', { params: { path: { project_slug: 'p', server_id: 'ab' } } })),
      attempts: 2,
    },
  ];
  for (const { label, answer, call, attempts } of cases) {
    const { client, sent } = scriptedClient([answer, ok]);
    const outcome = await call(client).then(
      () => 'answered',
      (error: unknown) => error,
    );
    assert.equal(sent.length, attempts, label);
    if (attempts === 1) assert.ok(outcome instanceof CloudplaneError && outcome.status === answer.status, `${label}: ${String(outcome)}`);
    else assert.equal(outcome, 'answered', label);
  }
});

test('every order and action start gets an Idempotency-Key, the same bytes and key on every attempt; a key the caller set is kept', async () => {
  const { client, sent } = scriptedClient([problem(503, 'upstream_unavailable'), problem(429, 'rate_limited'), { status: 201, body: { id: 1 } }]);
  await client.call(client.raw.POST('/projects/{project_slug}/servers/{server_id}/bandwidth/', { params: { path: { project_slug: 'p', server_id: 'ab' } }, body: { size_gb: 1000 } }));
  assert.equal(sent.length, 3);
  assert.equal(new Set(sent.map((request) => request.key)).size, 1);
  assert.ok(sent[0]!.key);
  assert.deepEqual(sent.map((request) => request.body), Array(3).fill('{"size_gb":1000}'));

  const chosen = scriptedClient([problem(503, 'upstream_unavailable'), { status: 202, body: { id: 2 } }]);
  await chosen.client.call(
    chosen.client.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/power_on/', { params: { path: { project_slug: 'p', server_id: 'ab' }, header: { 'idempotency-key': 'mine' } } }),
  );
  assert.deepEqual(chosen.sent.map((request) => request.key), ['mine', 'mine']);

  const other = scriptedClient([problem(503, 'upstream_unavailable'), { status: 201, body: { id: 3 } }]);
  await other.client.call(other.client.raw.POST('/projects/{project_slug}/firewall-groups/', { params: { path: { project_slug: 'p' } }, body: { name: 'g', direction: 'ingress' } }));
  assert.deepEqual(other.sent.map((request) => request.key), [null, null], 'other creates get no key');
});

test('bounded: at most maxAttempts, never a wait past maxElapsedMs, each wait within its jittered ceiling', async () => {
  const { client, sent, waits } = scriptedClient([problem(503, 'upstream_unavailable')], { retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 250, maxElapsedMs: 60_000 } });
  const error = await thrown(client.call(client.raw.GET('/me/')));
  assert.ok(error instanceof CloudplaneError && error.status === 503);
  assert.equal(sent.length, 4);
  assert.equal(waits.length, 3);
  waits.forEach((wait, index) => assert.ok(wait >= 0 && wait <= Math.min(250, 100 * 2 ** index), `wait ${index + 1}: ${wait} ms`));

  const slow = scriptedClient([{ ...problem(503, 'upstream_unavailable'), headers: { 'retry-after': '30' } }], { retry: { maxAttempts: 10, maxElapsedMs: 65_000 } });
  const late = await thrown(slow.client.call(slow.client.raw.GET('/me/')));
  assert.deepEqual(slow.waits.map((wait) => wait >= 30_000), [true, true], 'two waits of Retry-After fit in 65 s, a third would not');
  assert.ok(late instanceof CloudplaneError);
  assert.equal(late.retryAfterSeconds, 30);
  assert.match(late.hint() ?? '', /try again in 30 s/);

  for (let retry = 1; retry <= 8; retry += 1) {
    assert.equal(backoffDelay(retry, 500, 30_000, () => 1), Math.min(30_000, 500 * 2 ** (retry - 1)));
    assert.equal(backoffDelay(retry, 500, 30_000, () => 0), 0);
  }
});

test('Retry-After as seconds or as an HTTP date is the least the client waits', async () => {
  assert.equal(retryAfterMs('120'), 120_000);
  assert.equal(retryAfterMs('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 30_000);
  assert.equal(retryAfterMs('soon'), undefined);
  assert.equal(retryAfterMs(null), undefined);

  const at = new Date(Date.now() + 45_000).toUTCString();
  const { client, waits } = scriptedClient([{ ...problem(429, 'rate_limited'), headers: { 'retry-after': at } }, ok]);
  await client.call(client.raw.GET('/me/'));
  assert.equal(waits.length, 1);
  assert.ok(waits[0]! >= 43_000 && waits[0]! <= 46_000, `waited ${waits[0]} ms for a date 45 s away`);
});

test('no answer: a read is sent again, then CloudplaneConnectionError; a create without a key is not; an abort is not retried', async () => {
  const reads = scriptedClient(['reset'], { retry: { maxAttempts: 3 } });
  const lost = await thrown(reads.client.call(reads.client.raw.GET('/me/')));
  assert.ok(lost instanceof CloudplaneConnectionError, String(lost));
  assert.equal(lost.attempts, 3);
  assert.equal(reads.sent.length, 3);
  assert.match(lost.message, /No answer from http:\/\/cloudplane\.test \(GET \/api\/v1\/me\/, 3 attempts\)/);

  const creates = scriptedClient(['reset', ok]);
  const once = await thrown(creates.client.call(creates.client.raw.POST('/projects/', { body: { name: 'x' } })));
  assert.ok(once instanceof CloudplaneConnectionError);
  assert.equal(creates.sent.length, 1, 'the project may have been created: not sent again');

  const controller = new AbortController();
  const aborted = scriptedClient(['reset', ok]);
  controller.abort();
  const stopped = await thrown(aborted.client.call(aborted.client.raw.GET('/me/', { signal: controller.signal })));
  assert.ok(stopped instanceof TypeError && !(stopped instanceof CloudplaneConnectionError), String(stopped));
  assert.equal(aborted.sent.length, 1, 'the caller gave up: not sent again');
  assert.deepEqual(aborted.waits, []);
});
