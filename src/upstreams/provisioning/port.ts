// What cloudplane asks of the provisioning system (the one that runs servers).

export type ProvisionedProjectStatus = 'active' | 'deleted';

export interface ProvisioningPort {
  /** Registers a project; repeating it for an existing project is harmless. */
  createProject(slug: string): Promise<void>;
  /** The project as the provisioning system knows it, or null. */
  getProject(slug: string): Promise<{ status: ProvisionedProjectStatus } | null>;
  /** Removes a project; repeating it is harmless. */
  deleteProject(slug: string): Promise<void>;
}
