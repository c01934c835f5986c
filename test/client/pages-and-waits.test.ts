// The client's page iterator over a real list of 250 items, and its waits:
// an action that ends `error` is returned, not thrown; an `unknown` action
// keeps being polled until it settles; a wait that runs out of time says
// where the action was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WaitTimeoutError } from '../../src/client/index.ts';
import { waitFor } from '../helpers/actions.ts';
import { build } from '../helpers/build.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { createWorld, placeServer, setFault } from '../helpers/world.ts';
import { requestsTo, testClient } from './client-world.ts';

test('pages() walks all 250 SSH keys of a project, 100 a page, and keeps the list filters and page size asked for', { timeout: 60_000 }, async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { project: 'Client Pages' });
  const { client, requests } = testClient(w);
  const created: number[] = [];
  // Ten at a time: enough to be quick, few enough for a 2-core machine.
  for (let batch = 0; batch < 25; batch += 1) {
    const keys = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        client.call(client.raw.POST('/projects/{project_slug}/ssh-keys/', { params: { path: { project_slug: w.slug } }, body: { name: `key-${batch * 10 + index}`, public_key: ed25519Key() } })),
      ),
    );
    created.push(...keys.map((key) => key.id));
  }
  requests.length = 0;

  const seen: number[] = [];
  for await (const key of client.pages('/projects/{project_slug}/ssh-keys/', { path: { project_slug: w.slug } })) {
    assert.match(key.fingerprint, /^SHA256:/);
    seen.push(key.id);
  }
  assert.equal(seen.length, 250);
  assert.deepEqual([...seen].sort((a, b) => a - b), [...created].sort((a, b) => a - b), 'every key once');
  const pageReads = requestsTo(requests, 'GET', `/projects/${w.slug}/ssh-keys/`);
  assert.equal(pageReads.length, 3, 'pages of 100: 100 + 100 + 50');

  // A page size asked for is kept; iterate() is the same walk; listAll() collects it.
  requests.length = 0;
  const small = await client.listAll('/projects/{project_slug}/ssh-keys/', { path: { project_slug: w.slug }, query: { page_size: 40 } });
  assert.equal(small.length, 250);
  assert.equal(requestsTo(requests, 'GET', '/ssh-keys/').length, 7, 'pages of 40');
  let counted = 0;
  for await (const _key of client.iterate('/projects/{project_slug}/ssh-keys/', { path: { project_slug: w.slug } })) counted += 1;
  assert.equal(counted, 250);

  // A list without path parameters needs none; an empty list yields nothing.
  const projects = await client.listAll('/projects/');
  assert.deepEqual(projects.map((project) => project.slug), [w.slug]);
  assert.deepEqual(await client.listAll('/projects/{project_slug}/firewall-groups/', { path: { project_slug: w.slug } }), []);

  // Typed over the paginated paths only: the order list is a plain array, and path parameters are required.
  // @ts-expect-error the order list has no pages
  assert.ok(client.pages('/projects/{project_slug}/orders/', { path: { project_slug: w.slug } }));
  // @ts-expect-error the server list needs its project
  assert.ok(client.pages('/projects/{project_slug}/servers/'));
});

test('waitForAction answers an action that ended error, and follows an unknown action until it settles', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Waits' });
  const server = await placeServer(w);
  const { client } = testClient(w);
  const reboot = () =>
    client.call(client.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/reboot/', { params: { path: { project_slug: w.slug, server_id: server.id } } }));

  // Provisioning fails the action: waitForAction returns it, error and all.
  await setFault(app, 'provisioning', { mode: 'error', count: 1 });
  const failing = await reboot();
  const failed = await client.waitForAction(w.slug, failing.id);
  assert.equal(failed.status, 'error');
  assert.ok(failed.error, JSON.stringify(failed));

  // Provisioning does the work but never confirms it: the action is unknown, and the wait goes on
  // past it; once the fault clears the service reconciles it.
  await setFault(app, 'provisioning', { mode: 'timeout', committed: true });
  const uncertain = await reboot();
  const statuses: string[] = [];
  let cleared: Promise<void> | undefined;
  const settled = await client.waitForAction(w.slug, uncertain.id, {
    onProgress: (action) => {
      statuses.push(action.status);
      if (action.status === 'unknown') cleared ??= setFault(app, 'provisioning', 'ok');
    },
  });
  await cleared;
  assert.ok(statuses.includes('unknown'), `seen: ${statuses.join(', ')}`);
  assert.equal(settled.status, 'success', `seen: ${statuses.join(', ')}`);
  assert.equal(statuses.at(-1), 'success');
});

test('a wait that runs out of time throws WaitTimeoutError with the last state and what to do', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { credit: '100.00', project: 'Client Wait Timeout' });
  const server = await placeServer(w);
  await setFault(app, 'provisioning', { mode: 'timeout' });
  const { client } = testClient(w, { poll: { timeoutMs: 2_000 } });
  const action = await client.call(
    client.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/power_off/', { params: { path: { project_slug: w.slug, server_id: server.id } } }),
  );
  // Once it is unknown, the client's 2 s are too little for it to settle.
  await waitFor(w, action.id, ['unknown']);
  const error = await client.waitForAction(w.slug, action.id).then(
    () => assert.fail('an unknown action is not a final state'),
    (failure: unknown) => failure,
  );
  assert.ok(error instanceof WaitTimeoutError, String(error));
  assert.equal(error.kind, 'action');
  assert.equal(error.id, action.id);
  assert.equal(error.lastState?.status, 'unknown');
  assert.match(error.message, new RegExp(`Action ${action.id} is still unknown after 2 s`));
  assert.match(error.hint(), /never confirmed it/);
  await setFault(app, 'provisioning', 'ok');
  assert.equal((await client.waitForAction(w.slug, action.id)).status, 'error', 'not committed: it ends error once provisioning answers');
});
