// One webhook request: a POST to the address the guard checked, whatever the
// name would resolve to a moment later. The URL's name is kept for the Host
// header and, over https, for SNI and the certificate check; only the
// connection's address comes from the check (the `lookup` below answers it).
//
// Bounded on every side: one request, no redirects followed (a 3xx is an
// answer like any other, and a failure), no connection reused (each attempt
// connects to the address checked for it), at most `timeoutMs` in all, and at
// most MAX_EXCERPT_BYTES of the answer read, whatever the receiver sends.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { CheckedAddress } from './webhook-address-guard.ts';
import { hostOf } from './webhook-address-guard.ts';

/** How long an attempt may take, connection to answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The characters of an answer kept with the attempt. */
export const MAX_EXCERPT_CHARACTERS = 1000;
/** Bytes of an answer read: enough for the excerpt in any UTF-8 text; the rest is never read. */
const MAX_EXCERPT_BYTES = 4 * MAX_EXCERPT_CHARACTERS;
/** The error column's size. */
const MAX_ERROR_CHARACTERS = 255;

export interface WebhookRequest {
  url: URL;
  to: CheckedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

export interface WebhookAnswer {
  /** The receiver's status; null when no answer came. */
  status: number | null;
  /** From the start of the attempt to the answer's status line (or to the failure). */
  latencyMs: number;
  excerpt: string;
  error: string | null;
}

/** At most `count` characters (code points), without NUL (which PostgreSQL text cannot hold). */
export function clip(text: string, count: number): string {
  const clean = text.replaceAll('\u0000', '');
  if (clean.length <= count) return clean;
  return Array.from(clean).slice(0, count).join('');
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return clip(message, MAX_ERROR_CHARACTERS);
}

export function sendWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  const { url, to } = request;
  const timeoutMs = request.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const transport = url.protocol === 'https:' ? https : http;
  // Node asks this instead of DNS for a name (an address in the URL is connected to as it is, and was checked as it is).
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: to.address, family: to.family }]);
    else callback(null, to.address, to.family);
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  return new Promise((resolve) => {
    let status: number | null = null;
    let latencyMs = 0;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    const excerpt = () => clip(Buffer.concat(chunks).subarray(0, MAX_EXCERPT_BYTES).toString('utf8'), MAX_EXCERPT_CHARACTERS);
    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve({ status, latencyMs: status === null ? elapsed() : latencyMs, excerpt: excerpt(), error });
    };

    const outgoing = transport.request({
      method: 'POST',
      protocol: url.protocol,
      hostname: hostOf(url),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      agent: false,
      lookup,
    });
    const timer = setTimeout(() => settle(status === null ? `no answer within ${timeoutMs / 1000} s` : null), timeoutMs);

    outgoing.on('response', (response) => {
      status = response.statusCode ?? null;
      latencyMs = elapsed();
      const done = () => settle(status !== null && status >= 300 && status < 400 ? `redirects are not followed (${status})` : null);
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= MAX_EXCERPT_BYTES) done();
      });
      response.on('end', done);
      // The receiver closed the connection mid-answer: the status it sent still counts.
      response.on('error', done);
      response.on('close', done);
    });
    outgoing.on('error', (error) => settle(describe(error)));
    outgoing.end(request.body);
  });
}
