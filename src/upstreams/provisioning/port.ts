// What cloudplane asks of the provisioning system (the one that runs servers).

export type ProvisionedProjectStatus = 'active' | 'deleted';

export interface OperationRequest {
  /** The action asking; also the operation's id, so a repeated submit is harmless. */
  actionId: number;
  serverId: string;
  /** The action type, e.g. `server.reboot`. */
  type: string;
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
  plan: { cpuCores: number; ramMb: number; diskGb: number };
  /** The primary address first. */
  ipv4: ServerAddress[];
  ipv6: ServerAddress | null;
  /** OpenSSH public keys, as the project holds them. */
  sshKeys: string[];
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
   * health endpoint). Throws the `unavailable` upstream error when it does not;
   * asked before an action is recorded, so a refused start leaves nothing behind.
   */
  checkAvailable(): Promise<void>;
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
   * (one powered off outside cloudplane is `stopped`); null when it keeps no
   * state of its own or the machine is between states.
   */
  powerState(serverId: string): Promise<'running' | 'stopped' | null>;
  /** Of these image files (absolute paths on the hypervisor hosts), the ones that are not there. */
  missingFiles(paths: readonly string[]): Promise<string[]>;
  /** Starts an operation on a server; repeating it for the same action is harmless. */
  startOperation(request: OperationRequest): Promise<void>;
  /** Where an operation is, or null when the provisioning system never received it. */
  getOperation(actionId: number): Promise<OperationState | null>;
}

/**
 * Methods that only ask whether the system is there. Fault injection lets a
 * `down` fault refuse them but passes `error` and `timeout` through uncounted:
 * those faults are meant for the work itself, which a probe must not use up.
 */
export const PROVISIONING_PROBES = ['checkAvailable'] as const satisfies readonly (keyof ProvisioningPort)[];
