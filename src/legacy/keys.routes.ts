// Legacy keys are the SSH keys of the user's default project (D13), through
// the same SSH key service as the project API.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError, validationError } from '../http/errors.ts';
import type { SshKey } from '../modules/ssh-keys/ssh-keys.schemas.ts';
import type { Services } from '../services.ts';
import { withLegacyFieldNames } from './field-names.ts';
import type { LegacyAccounts } from './legacy-accounts.service.ts';
import { failureResponses, Success, success, SuccessNull } from './legacy.schemas.ts';

const KEY_TYPE = 'sshkey';
/** Every key of the default project is listed; the project API caps its pages, this list is one answer. */
const ALL_KEYS = { limit: 10_000, offset: 0 };

const KeySchema = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'Always `sshkey`' }),
  description: Type.String(),
  value: Type.String({ description: 'The OpenSSH public key' }),
});

const KeyParams = Type.Object({ key: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const CreateKeyBody = Type.Object({
  description: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  type: Type.String({ minLength: 1, maxLength: 20, description: 'The kind of key: `sshkey`' }),
  value: Type.String({ minLength: 1, maxLength: 16384, description: 'One OpenSSH public key line (ssh-ed25519, ssh-rsa of 2048 bits or more, ecdsa-sha2-nistp256/384/521)' }),
});

const toLegacyKey = (key: SshKey) => ({ id: key.id, type: KEY_TYPE, description: key.name, value: key.public_key });

const unknownKey = () => new ApiError('not_found', 'Key not found');

export const legacyKeyRoutes: FastifyPluginAsyncTypebox<{ services: Services; accounts: LegacyAccounts }> = async (app, { services, accounts }) => {
  const tags = ['keys'];

  app.get('/keys', { schema: { tags, summary: 'The account’s SSH keys', response: { 200: Success(Type.Object({ keys: Type.Array(KeySchema) })), ...failureResponses } } }, async (request) => {
    const slug = await accounts.defaultProject(request.legacyActor, { create: false });
    if (!slug) return success({ keys: [] });
    const { sshKeys } = await services.sshKeys.list(request.legacyActor, slug, ALL_KEYS);
    return success({ keys: sshKeys.map(toLegacyKey) });
  });

  app.get(
    '/keys/:key',
    { schema: { tags, summary: 'One SSH key', params: KeyParams, response: { 200: Success(Type.Object({ key: KeySchema })), ...failureResponses } } },
    async (request) => {
      const slug = await accounts.defaultProject(request.legacyActor, { create: false });
      if (!slug) throw unknownKey();
      return success({ key: toLegacyKey(await services.sshKeys.get(request.legacyActor, slug, request.params.key)) });
    },
  );

  app.post(
    '/keys',
    { schema: { tags, summary: 'Add an SSH key (answers 200 with the key)', body: CreateKeyBody, response: { 200: Success(Type.Object({ key: KeySchema })), ...failureResponses } } },
    async (request) => {
      const { description, type, value } = request.body;
      if (type !== KEY_TYPE) throw validationError('type', `must be ${KEY_TYPE}`);
      const slug = await accounts.defaultProject(request.legacyActor, { create: true });
      const key = await withLegacyFieldNames({ public_key: 'value', name: 'description' }, () =>
        services.sshKeys.create(request.legacyActor, slug!, { name: description, public_key: value }),
      );
      return success({ key: toLegacyKey(key) });
    },
  );

  app.delete(
    '/keys/:key',
    { schema: { tags, summary: 'Delete an SSH key no active server uses (409 otherwise)', params: KeyParams, response: { 200: SuccessNull, ...failureResponses } } },
    async (request) => {
      const slug = await accounts.defaultProject(request.legacyActor, { create: false });
      if (!slug) throw unknownKey();
      await services.sshKeys.delete(request.legacyActor, slug, request.params.key);
      return success(null);
    },
  );
};
