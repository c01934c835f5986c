// The API reference pages in a real browser: Swagger UI renders every
// operation of each listener's document from the service's own assets, under
// its Content-Security-Policy, without reaching anything outside the machine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { newPage, openBrowser, screenshot } from '../helpers/browser.ts';

test('/docs renders both API references offline, every operation listed with its operationId', { timeout: 90_000 }, async (t) => {
  const app = await build(t, { worker: false });
  const browser = await openBrowser(t);
  for (const [name, base, knownPath] of [
    ['project', app.baseUrl, '/projects/{project_slug}/servers/{server_id}/actions/reboot/'],
    ['legacy', app.legacyUrl, '/api/v1/deploy'],
  ] as const) {
    const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operationCount = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    const { page, outsideRequests, pageErrors } = await newPage(browser);
    await page.goto(`${base}/docs`);
    const operations = page.locator('.opblock');
    await operations.first().waitFor({ timeout: 20_000 });
    assert.equal(await operations.count(), operationCount, `${name}: one block per operation of the document`);
    await page.getByText(knownPath, { exact: true }).first().waitFor();
    const someId = Object.values(document.paths).flatMap((item) => Object.values(item)).find((operation) => operation.operationId)?.operationId;
    assert.ok(someId, `${name}: the document names its operations`);
    await page.getByText(someId, { exact: true }).first().waitFor();
    await screenshot(page, `docs-${name}`);
    assert.deepEqual(outsideRequests, [], `${name}: nothing fetched from outside the machine`);
    assert.deepEqual(pageErrors, [], `${name}: no script error or CSP refusal`);
  }
});
