import { Type, type Static } from 'typebox';
import { SlugParam } from '../projects/projects.schemas.ts';

export const SshKeyParams = Type.Object({
  project_slug: SlugParam,
  ssh_key_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

const Name = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: '1–255 characters, not only spaces; trimmed' });

export const SshKeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  public_key: Type.String({ description: 'The key as `<type> <base64>` and its comment, if it has one' }),
  fingerprint: Type.String({ description: 'SHA256 fingerprint as `ssh-keygen -l -E sha256` prints it, e.g. `SHA256:…`' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const CreateSshKeyBody = Type.Object({
  name: Name,
  public_key: Type.String({
    maxLength: 16384,
    description: 'One OpenSSH public key line: ssh-ed25519, ssh-rsa (2048 bits or more) or ecdsa-sha2-nistp256/384/521',
  }),
});

export const UpdateSshKeyBody = Type.Object({ name: Type.Optional(Name) });

export type SshKey = Static<typeof SshKeySchema>;
export type CreateSshKeyInput = Static<typeof CreateSshKeyBody>;
export type UpdateSshKeyInput = Static<typeof UpdateSshKeyBody>;
