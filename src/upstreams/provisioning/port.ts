// What cloudplane asks of the provisioning system (the one that runs servers).

export type ProvisionedProjectStatus = 'active' | 'deleted';

export interface OperationRequest {
  /** The action asking; also the operation's id, so a repeated submit is harmless. */
  actionId: number;
  serverId: string;
  /** The action type, e.g. `server.reboot`. */
  type: string;
}

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
