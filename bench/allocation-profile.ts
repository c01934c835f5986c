// What a process allocates while it runs, by function: V8's sampling heap
// profiler through the inspector protocol (the process runs with
// `--inspect=127.0.0.1:<port>`), with the objects the young and old
// generations' collections have already freed included. That garbage is what
// the service pays for in scavenges (docs/performance.md, "Memory"), and a
// profile of what is still alive would not show it.
import WebSocket from 'ws';
import { shortFile, sourcePosition } from './cpu-profile.ts';

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

export interface AllocationEntry {
  name: string;
  bytes: number;
}

/** A connection to one process's inspector. */
export class Inspector {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new Inspector(socket);
  }

  call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = ++this.nextId;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  }

  /** Samples every `interval` bytes allocated while `during` runs; freed objects included. */
  async sampleAllocations(during: () => Promise<void>, interval = 1024): Promise<SamplingNode> {
    await this.call('HeapProfiler.enable');
    await this.call('HeapProfiler.startSampling', { samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    await during();
    const { profile } = await this.call<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling');
    return profile.head;
  }

  close(): void {
    this.socket.close();
  }
}

/** Bytes allocated by each function itself (not its callees), and by each file or package, largest first. */
export function allocationsBy(head: SamplingNode, top = 20): { byFunction: AllocationEntry[]; byFile: AllocationEntry[]; totalBytes: number } {
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let totalBytes = 0;
  const visit = (node: SamplingNode) => {
    if (node.selfSize > 0) {
      const where = sourcePosition(node.callFrame);
      const name = `${node.callFrame.functionName || '(anonymous)'}${where ? ` ${where.file}:${where.line}` : ''}`;
      const file = where?.file ?? (node.callFrame.url ? shortFile(node.callFrame.url) : node.callFrame.functionName || '(V8)');
      byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
      byFile.set(file, (byFile.get(file) ?? 0) + node.selfSize);
      totalBytes += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  const ranked = (totals: Map<string, number>) =>
    [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, bytes]) => ({ name, bytes }));
  return { byFunction: ranked(byFunction), byFile: ranked(byFile), totalBytes };
}
