// The client's types are generated from the document the service serves and
// checked in (src/client/generated/project-api.ts). A route schema changed
// without regenerating them would leave programs typed against an API that no
// longer exists, so this regenerates them in memory and compares.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type {
  Action,
  CloudplaneClient,
  components,
  FieldError,
  FirewallGroup,
  Order,
  Project,
  ResponseBody,
  RequestBody,
  Server,
  ServerOrderRequest,
  ServerSummary,
  Webhook,
} from '../../src/client/index.ts';
import { GENERATE_COMMAND, GENERATED_TYPES_PATH, generateClientTypes } from '../../scripts/generate-client.ts';

test('the checked-in client types are what the served OpenAPI document generates now', { timeout: 60_000 }, async () => {
  const [checkedIn, fresh] = await Promise.all([readFile(GENERATED_TYPES_PATH, 'utf8'), generateClientTypes()]);
  const checkedInLines = checkedIn.split('\n');
  const firstDifference = fresh.split('\n').findIndex((line, index) => line !== checkedInLines[index]);
  assert.ok(
    checkedIn === fresh,
    `src/client/generated/project-api.ts is stale (first difference at line ${firstDifference + 1}); regenerate it with: ${GENERATE_COMMAND}`,
  );
});

// The types have teeth: a call the document does not describe is a type error,
// which `npm test`'s type check (tsc over test/) reports. Never run, only checked.
export function callsTheDocumentDoesNotDescribe(client: CloudplaneClient): void {
  // @ts-expect-error: no such action in the document
  void client.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/explode/', { params: { path: { project_slug: 'p', server_id: 'abc' } } });
  void client.raw.POST('/projects/{project_slug}/servers/', {
    params: { path: { project_slug: 'p' } },
    // @ts-expect-error: product_id is an integer
    body: { hostname: 'x', product_id: '1', location: 'fsn1', image: 'debian-12' },
  });
}

/** True when the two types are the same type (not merely assignable one to the other). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// The document names its resources, request bodies and problem document in
// components.schemas; the client's names are those components, and the
// operations answer and take them. Never run, only checked.
export const namedTypes: Record<string, true> = {
  server: true satisfies Same<Server, components['schemas']['Server']>,
  serverAnswered: true satisfies Same<ResponseBody<'getServer', 200>, Server>,
  serverSummaryListed: true satisfies Same<ResponseBody<'listServers', 200>['results'][number], ServerSummary>,
  orderPlaced: true satisfies Same<ResponseBody<'orderServer', 201>, Order>,
  orderTaken: true satisfies Same<RequestBody<'orderServer'>, ServerOrderRequest>,
  actionStarted: true satisfies Same<ResponseBody<'startServerReboot', 202>, Action>,
  firewallGroup: true satisfies Same<ResponseBody<'getFirewallGroup', 200>, FirewallGroup>,
  project: true satisfies Same<ResponseBody<'getProject', 200>, Project>,
  webhook: true satisfies Same<ResponseBody<'getWebhook', 200>, Webhook>,
  fieldError: true satisfies Same<NonNullable<components['schemas']['Problem']['errors']>[number], FieldError>,
};

// `page` and `page_size` are integers in the document, so a program passes numbers.
export function pagesAsNumbers(client: CloudplaneClient): void {
  void client.raw.GET('/projects/{project_slug}/servers/', { params: { path: { project_slug: 'x' }, query: { page: 2, page_size: 2 } } });
  void client.raw.GET('/projects/{project_slug}/events/', { params: { path: { project_slug: 'x' }, query: { page_size: 20 } } });
  void client.pages('/projects/{project_slug}/ssh-keys/', { path: { project_slug: 'x' }, query: { page_size: 20 } });
  // @ts-expect-error: page is an integer, not text
  void client.raw.GET('/projects/{project_slug}/servers/', { params: { path: { project_slug: 'x' }, query: { page: '2' } } });
}
