import { Type, type Static } from 'typebox';
import { Id, Text, Timestamp } from '../../schemas/common.ts';
import { SlugParam } from '../projects/index.ts';

export const SshKeyParams = Type.Object({
  project_slug: SlugParam,
  ssh_key_id: Id(),
});

/** A key line as sent: what is stored and shown is never longer (the comment is trimmed). */
export const MAX_PUBLIC_KEY_LENGTH = 16384;
export const MAX_SSH_KEY_NAME_LENGTH = 255;

const Name = Text(MAX_SSH_KEY_NAME_LENGTH, { minLength: 1, pattern: '\\S', description: '1–255 characters, not only spaces; trimmed' });

export const SshKeySchema = Type.Object(
  {
    id: Id(),
    name: Text(MAX_SSH_KEY_NAME_LENGTH, { minLength: 1 }),
    public_key: Text(MAX_PUBLIC_KEY_LENGTH, { description: 'The key as `<type> <base64>` and its comment, if it has one' }),
    fingerprint: Text(100, { pattern: '^SHA256:', description: 'SHA256 fingerprint as `ssh-keygen -l -E sha256` prints it, e.g. `SHA256:…`' }),
    created_at: Timestamp(),
  },
  { title: 'SshKey' },
);

export const CreateSshKeyBody = Type.Object(
  {
    name: Name,
    public_key: Text(MAX_PUBLIC_KEY_LENGTH, {
      description: 'One OpenSSH public key line: ssh-ed25519, ssh-rsa (2048 bits or more) or ecdsa-sha2-nistp256/384/521',
    }),
  },
  { title: 'SshKeyCreateRequest' },
);

export const UpdateSshKeyBody = Type.Object({ name: Type.Optional(Name) }, { title: 'SshKeyUpdateRequest' });

export type SshKey = Static<typeof SshKeySchema>;
export type CreateSshKeyInput = Static<typeof CreateSshKeyBody>;
export type UpdateSshKeyInput = Static<typeof UpdateSshKeyBody>;
