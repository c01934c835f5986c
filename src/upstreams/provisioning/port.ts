// What cloudplane asks of the provisioning system (the one that runs servers).

export type ProvisionedProjectStatus = 'active' | 'deleted';

export interface OperationRequest {
  /** The action asking; also the operation's id, so a repeated submit is harmless. */
  actionId: number;
  serverId: string;
  /** The action type, e.g. `server.reboot`. */
  type: string;
  /** What the operation needs beyond its type (D19); which fields are set depends on the type. */
  parameters: OperationParameters;
}

/** The plan of a server: what its machine is given. */
export interface ServerPlan {
  cpuCores: number;
  ramMb: number;
  diskGb: number;
}

/** The inputs of an operation, each named after the action types that carry it. */
export interface OperationParameters {
  /** `server.reinstall`: the image to install (null: a blank disk) and the keys the server has afterwards. */
  image?: ImageSource | null;
  sshKeys?: string[];
  /** `server.reboot` with a plan change pending: the new plan, applied by a full power cycle. */
  plan?: ServerPlan;
  /** `server.create_snapshot`, `server.restore_snapshot`: cloudplane's snapshot id. */
  snapshotId?: number;
  /** `server.mount_iso`: the ISO and its file on the hypervisor hosts (null: the catalogue names none). */
  iso?: { id: number; file: string | null };
  /** `server.enable_ipv6`: the server's new IPv6 address, to configure in the guest. */
  ipv6?: ServerAddress;
  /** `server.enable_private_network`: the project whose private network the server joins. */
  privateNetwork?: { project: string };
}

/** An address of a server with what the guest needs to configure it. */
export interface ServerAddress {
  /** The address itself (for IPv6, the first address of the server's subnet). */
  address: string;
  prefix: number;
  /** The router on the server's network, on the hypervisor host. */
  gateway: string;
}

export interface ImageSource {
  name: string;
  disk?: string;
  kernel?: string;
  initrd?: string;
  cmdline?: string;
}

/** Everything a server is, as the provisioning system must create it (D19). */
export interface ServerDefinition {
  /** 16 hex characters: the domain's name and the creation's key. */
  id: string;
  hostname: string;
  /** The location's code: which network (bridge) the server joins. */
  location: string;
  /**
   * The catalogue image and where its files are on the hypervisor hosts: a
   * qcow2 base disk, or a kernel and initramfs to boot directly (with a blank
   * disk). Null for a server made from a snapshot.
   */
  image: ImageSource | null;
  /** The snapshot whose copy the server's disk is (an order with `snapshot_id`); null or absent: made from `image`. */
  snapshot?: { id: number } | null;
  plan: ServerPlan;
  /**
   * The hypervisor host placement chose, by its libvirt URI; null: the
   * backend's own default (the simulator, or `LIBVIRT_URI` when no host is
   * registered in the location).
   */
  host: string | null;
  /** The primary address first. */
  ipv4: ServerAddress[];
  ipv6: ServerAddress | null;
  /** OpenSSH public keys, as the project holds them. */
  sshKeys: string[];
  /** The project whose private network the server joins on a second NIC (the provisioning system addresses it); null: none. */
  privateNetwork: { project: string } | null;
  /** Never stored by cloudplane (the API refuses user data today): always null. */
  userData: string | null;
  /** A root password, when one was made for the server; null: keys only. */
  rootPassword: string | null;
}

/** Where a server's creation is. */
export type CreationState =
  | { state: 'running'; completesAt: string }
  | { state: 'done' }
  /** The provisioning system tried and could not: nothing of the server is left running. */
  | { state: 'failed'; message: string };

export type OperationState =
  | { state: 'running'; completesAt: string }
  /** The provisioning system tried and could not (a libvirt refusal); the server is as it was, or as far as the message says. */
  | { state: 'failed'; message: string }
  /** `result` carries what the operation produced, e.g. `{root_password}` or `{size_gb}`. */
  | { state: 'done'; result: Record<string, unknown> };

/**
 * How long the provisioning system usually takes, in milliseconds, so the
 * jobs that wait for it first look when the work is likely done. Orders and
 * projects read these instead of keeping durations of their own: a real
 * system states its own, and the built-in one scales its simulated times.
 */
export interface ProvisioningDurations {
  /** A new project confirmed. */
  projectSetup: number;
  /** A paid order delivered: a new server, a plan change, extra bandwidth. */
  server: number;
  upgrade: number;
  bandwidth: number;
}

export interface ProvisioningPort {
  /** A value, not a call: fault injection passes it through. */
  readonly durations: ProvisioningDurations;
  /**
   * Whether the provisioning system takes work now (a real one answers a
   * health endpoint); given a server, whether the host that runs it does. Throws the `unavailable` upstream error when it does not;
   * asked before an action is recorded, so a refused start leaves nothing behind.
   */
  checkAvailable(serverId?: string): Promise<void>;
  /** Registers a project; repeating it for an existing project is harmless. */
  createProject(slug: string): Promise<void>;
  /** The project as the provisioning system knows it, or null. */
  getProject(slug: string): Promise<{ status: ProvisionedProjectStatus } | null>;
  /** Removes a project; repeating it is harmless. */
  deleteProject(slug: string): Promise<void>;
  /** Creates a server with everything it is; repeating it for the same server id is harmless. */
  createServer(server: ServerDefinition): Promise<void>;
  /** Where a server's creation is, or null when the provisioning system never received it. */
  getServerCreation(serverId: string): Promise<CreationState | null>;
  /** Removes a server and everything it had (its disks, its seed); repeating it, or for a server it never had, is harmless. */
  deleteServer(serverId: string): Promise<void>;
  /**
   * Whether the server's machine runs, as the provisioning system sees it now
   * (one powered off outside cloudplane is `stopped`); `missing` when it made
   * the machine and the machine is gone from its host without cloudplane
   * deleting it (undefined behind its back); null when it keeps no state of
   * its own, the machine is between states, or it never made one (an
   * operator's import, a creation under way).
   */
  powerState(serverId: string): Promise<MachinePower>;
  /**
   * What a hypervisor host has now, for the drift check (D26): every machine
   * on it and every volume of its pool, with the server each was made for,
   * and, of `serverIds` (the servers cloudplane placed there), the ones whose
   * machine this system made and keeps (created, not deleted, not being
   * replaced by an operation under way): each of those should be among the
   * machines. Reads only; changes nothing on the host. Throws `unavailable`
   * when the host does not answer.
   */
  hostInventory(host: string, serverIds: readonly string[]): Promise<HostInventory>;
  /** Of these image files (absolute paths on the hypervisor hosts), the ones that are not there. */
  missingFiles(paths: readonly string[]): Promise<string[]>;
  /** Removes a snapshot of a server; repeating it, or for a snapshot it never had, is harmless. */
  deleteSnapshot(serverId: string, snapshotId: number): Promise<void>;
  /**
   * Powers the server's machine on or off outside any action (a suspension
   * and its end); repeating it, or for a server it does not have, is harmless.
   */
  setPower(serverId: string, state: 'running' | 'stopped'): Promise<void>;
  /** Starts an operation on a server; repeating it for the same action is harmless. */
  startOperation(request: OperationRequest): Promise<void>;
  /** Where an operation is, or null when the provisioning system never received it. */
  getOperation(actionId: number): Promise<OperationState | null>;
  /**
   * The server's cumulative counters as the hypervisor reports them now, for
   * its metrics; null when the machine is not running or not known. Counters
   * only grow while the machine runs; they start again from 0 when it starts again.
   */
  serverCounters(serverId: string): Promise<ServerCounters | null>;
  /**
   * The counters of many servers at once (the sampler's batch): per server,
   * what serverCounters answers, or the error reading it. One server that
   * cannot be read must not fail the others.
   */
  serverCountersOf(serverIds: readonly string[]): Promise<Map<string, ServerCounters | null | Error>>;
  /**
   * Whether the server's machine has a serial console to attach to: false
   * when this system has no machine for the server (an operator's import) or
   * the machine has none. Throws `unavailable` when the host does not answer.
   */
  hasConsole(serverId: string): Promise<boolean>;
  /**
   * Attaches to the server's serial console, taking over from any earlier
   * attachment (one at a time, as libvirt allows). Throws `unavailable` when
   * the host does not answer, `failed` when the console cannot be attached.
   */
  openConsole(serverId: string): Promise<ConsoleConnection>;
}

/** A server's machine as `powerState` sees it. */
export type MachinePower = 'running' | 'stopped' | 'missing' | null;

/** What a hypervisor host has (`hostInventory`). */
export interface HostInventory {
  machines: HostMachine[];
  volumes: HostVolume[];
  /** Of the servers asked about, the ones whose machine should be on the host now. */
  kept: string[];
}

export interface HostMachine {
  /** The machine's name on the host (a libvirt domain's). */
  name: string;
  /** The cloudplane server it was made for, by its name; null for a name no server of cloudplane's would have. */
  serverId: string | null;
  /**
   * `running`, `stopped`, or the hypervisor's word for another state
   * (`paused`, `crashed`, `in shutdown`…); null when this system keeps no
   * power state (the simulator).
   */
  power: string | null;
}

export interface HostVolume {
  /** The volume's name in the host's pool. */
  name: string;
  /** The server whose disk or seed it is, by its name; null for a name no server's volume would have. */
  serverId: string | null;
  /** The snapshot whose file it is, by its name; null otherwise. */
  snapshotId: number | null;
}

/**
 * The simulator's own controls, beside the port (present only when the
 * simulator runs the servers): how a test or a black-box client makes the
 * simulated hosts drift from the rows, as a real host may.
 */
export interface ProvisioningSimulator {
  /** The server's machine vanishes from its host, as a domain undefined behind cloudplane's back; false when the simulator has no machine for it. */
  loseMachine(serverId: string): Promise<boolean>;
}

/**
 * A serial console attached (`openConsole`): raw bytes both ways, until
 * either side ends it. Nothing but the console's own bytes comes out.
 */
export interface ConsoleConnection {
  /** Bytes typed by the client, as they were typed. */
  write(bytes: Uint8Array): void;
  /** The client's terminal size. A serial line carries none: a console that cannot pass it on keeps it to itself. */
  resize(columns: number, rows: number): void;
  /** Called with each chunk of the console's output. */
  onData(listener: (bytes: Uint8Array) => void): void;
  /** Called once when the console's side ends it (the machine stopped, another attachment took over, the host went away), with why. */
  onEnd(listener: (reason: string) => void): void;
  /** Detaches; repeating it is harmless. */
  close(): void;
}

/**
 * Methods that only ask whether the system is there. Fault injection lets a
 * `down` fault refuse them but passes `error` and `timeout` through uncounted:
 * those faults are meant for the work itself, which a probe must not use up.
 */
export const PROVISIONING_PROBES = ['checkAvailable'] as const satisfies readonly (keyof ProvisioningPort)[];

/** A server's cumulative counters at one moment (`serverCounters`). */
export interface ServerCounters {
  /** When the hypervisor read them (ISO 8601, UTC). */
  at: string;
  /** CPU time the machine used, over all its vCPUs, in nanoseconds. */
  cpuTimeNs: number;
  /** Bytes received and sent, over all its network interfaces. */
  networkRxBytes: number;
  networkTxBytes: number;
  /** Bytes read and written, over all its disks. */
  diskReadBytes: number;
  diskWriteBytes: number;
}
