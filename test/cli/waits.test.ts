// How long the command line waits, against a real `cloudplane serve` whose
// simulated work is slowed down (CLOUDPLANE_SIM_SCALE=3: a reboot takes 15 s):
// `--wait-timeout` gives up early (exit 1) saying how to wait again; an order
// whose invoice waits to be paid ends `servers create --wait` at once (exit 3)
// with the invoice's address, while `orders wait` waits through the payment
// until its timeout; and `--no-retry` sends a request once where the command
// would otherwise try again while billing is down.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { assertExit, configHome, runCli, startCli, startService, type CliResult, type Service } from './harness.ts';

/** Simulated work takes 3 times its real-world length here: a reboot 15 s, a project set-up 3 s. */
const SIM_SCALE = '3';
/** How long a reboot takes at that scale; a command that ends well before has not waited it out. */
const REBOOT_MS = 15_000;

describe('waiting and retrying against a running service', () => {
  let service: Service;
  let home: ReturnType<typeof configHome>;
  let serverId: string;
  const cli = (...args: string[]) => runCli(home.directory, args);
  const api = (path: string, options: Parameters<Service['serve']['api']>[1] = {}) => service.serve.api(`/projects/${service.project}${path}`, { key: service.key, ...options });

  /** Runs the command and answers how it ended and how long it took, in ms. */
  async function timed(run: () => Promise<CliResult>): Promise<{ result: CliResult; elapsedMs: number }> {
    const startedAt = Date.now();
    const result = await run();
    return { result, elapsedMs: Date.now() - startedAt };
  }

  async function actionCount(): Promise<number> {
    const page = await api('/actions/?page_size=500');
    assert.equal(page.status, 200, JSON.stringify(page.body));
    return page.body.count;
  }

  before(async () => {
    service = await startService({ CLOUDPLANE_SIM_SCALE: SIM_SCALE });
    home = configHome();
    const created = await runCli(home.directory, ['context', 'create', 'test', '--url', service.serve.baseUrl, '--token-stdin'], { input: service.key });
    assertExit(created, 0, 'context create');
    // Placed by the operator, so no order's delivery is waited out.
    const placed = await service.serve.admin(`/projects/${service.project}/servers`, {
      method: 'POST',
      body: { hostname: 'slow-1', product_id: 1, location: 'fsn1', image: 'debian-12' },
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    serverId = placed.body.id;
  });
  after(async () => {
    await service?.serve.admin('/faults/billing', { method: 'PUT', body: { mode: 'ok' } }).catch(() => undefined);
    await service?.stop();
    home?.remove();
  });

  test('--wait-timeout gives up before the reboot ends: exit 1, still running, and how to wait again', { timeout: 90_000 }, async () => {
    const { result, elapsedMs } = await timed(() => cli('servers', 'reboot', 'slow-1', '--wait-timeout', '1s'));
    assertExit(result, 1, 'a reboot waited on for 1 s');
    const id = Number(/^action (\d+) \(reboot on /m.exec(result.stderr)?.[1]);
    assert.ok(id > 0, `the action is named: ${result.stderr}`);
    assert.ok(elapsedMs < REBOOT_MS - 3_000, `it gave up after its second, not at the reboot's end (${elapsedMs} ms)`);
    const action = await api(`/actions/${id}/`);
    assert.equal(action.body.status, 'running', 'the reboot goes on');
    assert.equal(action.body.resource.id, serverId);
    assert.match(result.stderr, new RegExp(`^action ${id} \\(reboot on ${serverId}\\): still running, stopped waiting$`, 'm'));
    assert.match(result.stderr, new RegExp(`^error: Action ${id} is still running after 1 s$`, 'm'));
    assert.ok(!/poll/i.test(result.stderr), `the advice is said once, as a command:\n${result.stderr}`);
    assert.match(result.stderr, new RegExp(`^hint: .*cloudplane actions wait ${id}$`, 'm'));

    // The advice works: waiting again follows it to its end.
    const waited = await runCli(home.directory, ['actions', 'wait', String(id), '-o', 'json']);
    assertExit(waited, 0, 'actions wait after the timeout');
    assert.equal(JSON.parse(waited.stdout).status, 'success');
  });

  test('a --wait-timeout that is not a duration is a usage error, and nothing is started', async () => {
    const before = await actionCount();
    const malformed = await cli('servers', 'reboot', 'slow-1', '--wait-timeout', '5x');
    assertExit(malformed, 2, '--wait-timeout 5x');
    assert.match(malformed.stderr, /--wait-timeout.*expected a duration/);
    assertExit(await cli('actions', 'wait', '1', '--wait-timeout', '0s'), 2, '--wait-timeout 0s');
    assert.equal(await actionCount(), before, 'no action was started');
  });

  describe('an order its buyer\'s credit does not cover', () => {
    let poor: { key: string; project: string };
    let orderId: number;
    const poorEnv = () => ({ CLOUDPLANE_URL: service.serve.baseUrl, CLOUDPLANE_TOKEN: poor.key, CLOUDPLANE_PROJECT: poor.project });

    before(async () => {
      const user = await service.serve.admin('/users', {
        method: 'POST',
        body: { email: `cli-poor-${Date.now()}@example.com`, first_name: 'No', last_name: 'Credit', billing_account: { currency: 'EUR', credit_balance: '0.00' } },
      });
      assert.equal(user.status, 201, JSON.stringify(user.body));
      const key = await service.serve.admin(`/users/${user.body.id}/api-keys`, { method: 'POST', body: { name: 'cli waits' } });
      assert.equal(key.status, 201, JSON.stringify(key.body));
      const project = await service.serve.api('/projects/', { method: 'POST', key: key.body.token, body: { name: 'Unpaid' } });
      assert.equal(project.status, 201, JSON.stringify(project.body));
      await eventually(async () => (await service.serve.api(`/projects/${project.body.slug}/`, { key: key.body.token })).body.status === 'ready', 30_000);
      poor = { key: key.body.token, project: project.body.slug };
    });

    test('servers create --wait ends at once with exit 3, the order on stdout and where to pay on stderr', { timeout: 60_000 }, async () => {
      const { result, elapsedMs } = await timed(() =>
        runCli(home.directory, ['servers', 'create', 'unpaid-1', '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '--wait', '-o', 'json'], { env: poorEnv() }),
      );
      assertExit(result, 3, 'an order that waits for payment');
      assert.ok(elapsedMs < 20_000, `it did not wait for the payment (${elapsedMs} ms)`);
      const order = JSON.parse(result.stdout);
      assert.equal(order.status, 'awaiting_payment');
      assert.equal(order.request.hostname, 'unpaid-1');
      orderId = order.id;
      const invoiceUrl = `${service.serve.baseUrl}/console/invoices/${order.invoice.id}`;
      const line = result.stderr.split('\n').find((entry) => entry.includes('awaiting payment'));
      assert.ok(line, `a line says the order awaits payment:\n${result.stderr}`);
      assert.match(line, /https?:\/\/[^ ]+\/console\/invoices\/\d+/, 'an absolute address of the invoice');
      assert.ok(line.includes(invoiceUrl), `${line} names ${invoiceUrl}`);
      assert.ok(line.includes(`cloudplane orders wait ${orderId}`), line);
      const recorded = await service.serve.api(`/projects/${poor.project}/orders/${orderId}/`, { key: poor.key });
      assert.equal(recorded.body.status, 'awaiting_payment', 'the order still waits');
    });

    test('orders wait keeps waiting through the payment until its timeout: exit 1', { timeout: 60_000 }, async () => {
      assert.ok(orderId, 'the order of the previous test');
      const { result, elapsedMs } = await timed(() => runCli(home.directory, ['orders', 'wait', String(orderId), '--wait-timeout', '2s'], { env: poorEnv() }));
      assertExit(result, 1, 'orders wait on an unpaid order');
      assert.ok(elapsedMs >= 2_000, `it waited its 2 s (${elapsedMs} ms)`);
      assert.match(result.stderr, new RegExp(`^error: Order ${orderId} is still awaiting_payment after 2 s$`, 'm'));
      assert.match(result.stderr, new RegExp(`^hint: .*cloudplane orders wait ${orderId}$`, 'm'));
      assert.match(result.stderr, /waits to be paid at http:\/\/127\.0\.0\.1:\d+\/console\/invoices\/\d+$/m, 'where to pay, said once');
    });
  });

  describe('--no-retry while billing is down', () => {
    before(async () => {
      const fault = await service.serve.admin('/faults/billing', { method: 'PUT', body: { mode: 'down' } });
      assert.equal(fault.status, 200, JSON.stringify(fault.body));
    });
    after(async () => {
      const cleared = await service.serve.admin('/faults/billing', { method: 'PUT', body: { mode: 'ok' } });
      assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    });

    test('without --no-retry the command says it is trying again (stopped once it does)', { timeout: 60_000 }, async () => {
      // The service asks for 30 s (Retry-After): within the command line's default bound (45 s), so it is asked once more.
      const running = startCli(home.directory, ['catalogue', 'products']);
      try {
        await eventually(async () => running.stderr().includes('trying again in'), 30_000);
        assert.match(running.stderr(), /^billing is unavailable \(503 upstream_unavailable\); trying again in 30 s$/m);
      } finally {
        await running.stop('SIGKILL');
      }
    });

    test('a --retry-timeout shorter than the Retry-After asked for gives up at once, saying when to try again', async () => {
      const { result, elapsedMs } = await timed(() => cli('catalogue', 'products', '--retry-timeout', '10s'));
      assertExit(result, 1, 'catalogue products --retry-timeout 10s');
      assert.ok(elapsedMs < 15_000, `it did not wait out the 30 s the service asked for (${elapsedMs} ms)`);
      assert.ok(!result.stderr.includes('trying again'), result.stderr);
      assert.match(result.stderr, /^hint: billing is unavailable for now: try again in 30 s$/m);
    });

    test('with --no-retry a read is sent once: exit 1 at once, no retry line, and when to try again', async () => {
      const { result, elapsedMs } = await timed(() => cli('catalogue', 'products', '--no-retry', '--retry-timeout', '5m'));
      assertExit(result, 1, 'catalogue products --no-retry');
      assert.ok(elapsedMs < 15_000, `it did not wait out the 30 s the service asked for (${elapsedMs} ms)`);
      assert.ok(!result.stderr.includes('trying again'), result.stderr);
      assert.match(result.stderr, /\(upstream_unavailable\)$/m);
      assert.match(result.stderr, /^hint: billing is unavailable for now: try again in 30 s$/m);
    });

    test('with --no-retry an order is sent once, and none is recorded', async () => {
      const before = await api('/orders/');
      const { result, elapsedMs } = await timed(() => cli('--no-retry', 'servers', 'create', 'refused-1', '--product', '1', '--location', 'fsn1', '--image', 'debian-12', '--wait'));
      assertExit(result, 1, 'servers create --no-retry');
      assert.ok(elapsedMs < 15_000, `${elapsedMs} ms`);
      assert.ok(!result.stderr.includes('trying again'), result.stderr);
      assert.match(result.stderr, /\(upstream_unavailable\)$/m);
      const afterwards = await api('/orders/');
      assert.equal(afterwards.body.count, before.body.count, 'no order was recorded');
    });
  });
});
