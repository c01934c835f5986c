// Project SSH keys (D6): OpenSSH public keys (ed25519, RSA of 2048 bits or
// more, ECDSA), one of each per project (by fingerprint). Any member may
// manage them once the project is ready; a key set on a server stays until no
// server uses it (the legacy API has the same rule).
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound, sshKeyInUse, validationError } from '../../errors.ts';
import type { Actor } from '../api-keys/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { InvalidPublicKey, parsePublicKey, type ParsedPublicKey } from './public-key.ts';
import * as repo from './ssh-keys.repo.ts';
import type { CreateSshKeyInput, SshKey, UpdateSshKeyInput } from './ssh-keys.schemas.ts';

export function toSshKey(row: repo.SshKeyRow): SshKey {
  return { id: row.id, name: row.name, public_key: row.public_key, fingerprint: row.fingerprint, created_at: row.created_at };
}

function parseOrRefuse(publicKey: string): ParsedPublicKey {
  try {
    return parsePublicKey(publicKey);
  } catch (error) {
    if (error instanceof InvalidPublicKey) throw validationError('public_key', error.message);
    throw error;
  }
}

export interface SshKeyServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  access: ProjectAccess;
}

export class SshKeyService {
  constructor(private readonly deps: SshKeyServiceDependencies) {}

  /**
   * The distinct ids among `keyIds`, in the order given, once every one is an
   * SSH key of the project; otherwise 400 on `ssh_keys`. Servers, orders and
   * reinstalls that name keys by id all ask here. It checks no access: the
   * calling service checked the project, and reads through `db`, its own
   * database or the transaction that writes the keys' use (a placement).
   */
  async requireOwned(db: Kysely<Database>, projectId: number, keyIds: readonly number[]): Promise<number[]> {
    const distinct = [...new Set(keyIds)];
    const found = await repo.findProjectSshKeys(db, projectId, distinct);
    if (found.length !== distinct.length) throw validationError('ssh_keys', 'every id must be an SSH key of the project');
    return distinct;
  }

  async list(actor: Actor, slug: string, page: { limit: number; offset: number }): Promise<{ count: number; sshKeys: SshKey[] }> {
    const project = await this.deps.access.require(actor, slug);
    const [count, rows] = await Promise.all([repo.countProjectSshKeys(this.deps.db, project.id), repo.listProjectSshKeys(this.deps.db, project.id, page)]);
    return { count, sshKeys: rows.map(toSshKey) };
  }

  async get(actor: Actor, slug: string, id: number): Promise<SshKey> {
    const project = await this.deps.access.require(actor, slug);
    const row = await repo.findProjectSshKey(this.deps.db, project.id, id);
    if (!row) throw notFound('SSH key');
    return toSshKey(row);
  }

  async create(actor: Actor, slug: string, input: CreateSshKeyInput): Promise<SshKey> {
    const project = await this.deps.access.require(actor, slug, { write: true, ready: true });
    const key = parseOrRefuse(input.public_key);
    try {
      const row = await this.deps.db.transaction().execute(async (trx) => {
        // Deleting a project counts its keys under this lock, so a key never lands in a project on its way out.
        await this.deps.access.lockForChange(trx, project.id);
        return repo.insertSshKey(trx, {
          projectId: project.id,
          name: input.name.trim(),
          publicKey: key.normalised,
          fingerprint: key.fingerprint,
          now: this.deps.clock.now().toISOString(),
        });
      });
      return toSshKey(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await repo.findProjectSshKeyByFingerprint(this.deps.db, project.id, key.fingerprint);
      const which = existing ? ` as "${existing.name}" (id ${existing.id})` : '';
      throw new AppError('conflict', `This key (${key.fingerprint}) is already in the project${which}`);
    }
  }

  async update(actor: Actor, slug: string, id: number, input: UpdateSshKeyInput): Promise<SshKey> {
    const project = await this.deps.access.require(actor, slug, { write: true, ready: true });
    const row =
      input.name === undefined
        ? await repo.findProjectSshKey(this.deps.db, project.id, id)
        : await repo.renameSshKey(this.deps.db, project.id, id, input.name.trim());
    if (!row) throw notFound('SSH key');
    return toSshKey(row);
  }

  async delete(actor: Actor, slug: string, id: number): Promise<void> {
    const project = await this.deps.access.require(actor, slug, { write: true, ready: true });
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        if (!(await repo.findProjectSshKey(trx, project.id, id))) throw notFound('SSH key');
        const servers = await repo.findServersUsingSshKey(trx, id);
        if (servers.length > 0) throw sshKeyInUse(servers);
        await repo.deleteSshKey(trx, project.id, id);
      });
    } catch (error) {
      // A server took the key between the check and the delete (PostgreSQL
      // runs them side by side): the foreign key refuses, and so do we.
      if (repo.isForeignKeyViolation(error)) throw sshKeyInUse(await repo.findServersUsingSshKey(this.deps.db, id));
      throw error;
    }
  }
}
