// A small HTTP proxy on 127.0.0.1 for the tests of clients (the typed client,
// the command line): it forwards every request to a cloudplane, records what
// was asked (method, URL, Accept, Last-Event-ID), and can cut the event
// streams passing through and send what comes next to another process, as a
// restart or a load balancer would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardedRequest {
  method: string;
  url: string;
  accept: string | undefined;
  lastEventId: string | undefined;
  /** The service the request went to. */
  target: string;
}

export interface RecordingProxy {
  /** http://127.0.0.1:port: use it where the service's URL would go. */
  url: string;
  forwarded: ForwardedRequest[];
  /** Event streams open through the proxy now. */
  openStreams(): number;
  /** Drops every open event stream; with `nextTarget`, the requests from now on go there. */
  cutStreams(nextTarget?: string): void;
  close(): Promise<void>;
}

export async function recordingProxy(firstTarget: string): Promise<RecordingProxy> {
  let target = firstTarget;
  const forwarded: ForwardedRequest[] = [];
  const streams = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const lastEventId = request.headers['last-event-id'];
    forwarded.push({ method: request.method!, url: request.url!, accept: request.headers.accept, lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined, target });
    const upstream = http.request(new URL(request.url!, target), { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      if (String(answer.headers['content-type']).startsWith('text/event-stream')) {
        streams.add(response);
        response.once('close', () => streams.delete(response));
      }
      answer.pipe(response);
    });
    upstream.once('error', () => response.destroy());
    response.once('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    openStreams: () => streams.size,
    cutStreams(nextTarget) {
      if (nextTarget) target = nextTarget;
      for (const response of streams) response.destroy();
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
