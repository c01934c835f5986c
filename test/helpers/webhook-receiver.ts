// A webhook receiver on loopback for the webhook tests: it keeps every
// request, answers as the test says, counts connections (so a test can prove
// none was made), and checks deliveries with the `standardwebhooks` package,
// a verifier this project did not write.
import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { TestApp } from './build.ts';
import type { World } from './world.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ReceiverAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  readonly requests: ReceivedRequest[];
  /** Connections accepted, whatever came of them. */
  readonly connections: () => number;
  port: number;
  /** http://127.0.0.1:<port><path> */
  url(path?: string): string;
  /** How the next requests are answered; by default 200 "ok". `index` counts from 0 over every request received. */
  answer: (request: ReceivedRequest, index: number) => ReceiverAnswer;
}

/** A receiver listening on 127.0.0.1, closed when the test ends. */
export async function startReceiver(t: TestContext): Promise<WebhookReceiver> {
  let connections = 0;
  const receiver: WebhookReceiver = {
    requests: [],
    connections: () => connections,
    port: 0,
    url: (path = '/hook') => `http://127.0.0.1:${receiver.port}${path}`,
    answer: () => ({ status: 200, body: 'ok' }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.requests.push(received);
      const answer = receiver.answer(received, receiver.requests.length - 1);
      response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return receiver;
}

/**
 * Verifies a delivery with `standardwebhooks` and answers its parsed body;
 * throws when no signature matches. The verifier refuses timestamps more than
 * five minutes from its own clock, and the tests move the service's clock
 * forward by hours: this receiver shares the service's clock, as a real
 * receiver's clock agrees with the sender's, so the check runs at `now`.
 */
export function verifyDelivery(secret: string, request: ReceivedRequest, now: Date): any {
  const realNow = Date.now;
  Date.now = () => now.getTime();
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
  } finally {
    Date.now = realNow;
  }
}

/** The service's clock now. */
export function serviceNow(app: TestApp): Date {
  return app.app.clock.now();
}

/** Moves the service's clock to just past `iso` (never back), and lets the worker run what became due. */
export async function advanceClockTo(app: TestApp, iso: string): Promise<void> {
  const seconds = (Date.parse(iso) - serviceNow(app).getTime()) / 1000 + 0.001;
  if (seconds <= 0) return;
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

/** POST …/webhooks/ with the world's key; the 201 answer (with its secret). */
export async function createWebhook(w: World, body: Record<string, unknown>): Promise<any> {
  const response = await w.app.api(`/projects/${w.slug}/webhooks/`, { method: 'POST', key: w.key, body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

/** The webhook's deliveries, newest first (first page). */
export async function deliveriesOf(w: World, webhookId: number): Promise<any[]> {
  const response = await w.app.api(`/projects/${w.slug}/webhooks/${webhookId}/deliveries/`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

/** Renames a server through the API: one `server.renamed` event, the cheapest change there is. */
export async function renameServer(w: World, serverId: string, hostname: string): Promise<void> {
  const response = await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { method: 'PATCH', key: w.key, body: { hostname } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}
