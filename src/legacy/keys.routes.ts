// Legacy keys are the SSH keys of the user's default project (D13), through
// the same SSH key service as the project API.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Id, List, Text } from '../schemas/common.ts';
import { AppError, validationError } from '../errors.ts';
import { MAX_PUBLIC_KEY_LENGTH, MAX_SSH_KEY_NAME_LENGTH, type SshKey } from '../modules/ssh-keys/index.ts';
import type { Services } from '../services.ts';
import { withLegacyFieldNames } from './field-names.ts';
import { noteForAudit } from '../routing/audit-notes.ts';
import type { LegacyAccounts } from './legacy-accounts.service.ts';
import { failureResponses, Success, success, SuccessNull } from './legacy.schemas.ts';

const KEY_TYPE = 'sshkey' as const;
/** Every key of the default project is listed; the project API caps its pages, this list is one answer. */
const ALL_KEYS = { limit: 10_000, offset: 0 };

const KeySchema = Type.Object(
  {
    id: Id(),
    type: Type.Literal(KEY_TYPE, { description: 'Always `sshkey`' }),
    description: Text(MAX_SSH_KEY_NAME_LENGTH),
    value: Text(MAX_PUBLIC_KEY_LENGTH, { description: 'The OpenSSH public key' }),
  },
  { title: 'LegacySshKey' },
);

const KeyParams = Type.Object({ key: Id() });

const CreateKeyBody = Type.Object(
  {
    description: Text(MAX_SSH_KEY_NAME_LENGTH, { minLength: 1, pattern: '\\S' }),
    type: Text(20, { minLength: 1, description: 'The kind of key: `sshkey`' }),
    value: Text(MAX_PUBLIC_KEY_LENGTH, { minLength: 1, description: 'One OpenSSH public key line (ssh-ed25519, ssh-rsa of 2048 bits or more, ecdsa-sha2-nistp256/384/521)' }),
  },
  { title: 'LegacySshKeyCreateRequest' },
);

/**
 * Every route reaches the default project, which is confirmed with the
 * provisioning system on first use (502, 503); changes need it set up (403).
 */
const keyFailures = [401, 403, 502, 503] as const;

const toLegacyKey = (key: SshKey) => ({ id: key.id, type: KEY_TYPE, description: key.name, value: key.public_key });

const unknownKey = () => new AppError('not_found', 'Key not found');

export const legacyKeyRoutes: FastifyPluginAsyncTypebox<{ services: Services; accounts: LegacyAccounts }> = async (app, { services, accounts }) => {
  const tags = ['keys'];

  app.get(
    '/keys',
    {
      schema: {
        operationId: 'legacyListKeys',
        tags,
        summary: 'The account’s SSH keys',
        response: { 200: Success(Type.Object({ keys: List(KeySchema, ALL_KEYS.limit) })), ...failureResponses(...keyFailures) },
      },
    },
    async (request) => {
      const slug = await accounts.defaultProject(request.legacyActor, { create: false });
      if (!slug) return success({ keys: [] });
      const { sshKeys } = await services.sshKeys.list(request.legacyActor, slug, ALL_KEYS);
      return success({ keys: sshKeys.map(toLegacyKey) });
    },
  );

  app.get(
    '/keys/:key',
    {
      schema: {
        operationId: 'legacyGetKey',
        tags,
        summary: 'One SSH key',
        params: KeyParams,
        response: { 200: Success(Type.Object({ key: KeySchema })), ...failureResponses(...keyFailures, 404) },
      },
    },
    async (request) => {
      const slug = await accounts.defaultProject(request.legacyActor, { create: false });
      if (!slug) throw unknownKey();
      return success({ key: toLegacyKey(await services.sshKeys.get(request.legacyActor, slug, request.params.key)) });
    },
  );

  app.post(
    '/keys',
    {
      schema: {
        operationId: 'legacyCreateKey',
        tags,
        summary: 'Add an SSH key (answers 200 with the key)',
        body: CreateKeyBody,
        // 409: the account already has this key.
        response: { 200: Success(Type.Object({ key: KeySchema })), ...failureResponses(...keyFailures, 409, 422) },
      },
    },
    async (request) => {
      const { description, type, value } = request.body;
      if (type !== KEY_TYPE) throw validationError('type', `must be ${KEY_TYPE}`);
      const slug = await accounts.defaultProject(request.legacyActor, { create: true });
      if (slug) noteForAudit(request, { projectSlug: slug });
      const key = await withLegacyFieldNames({ public_key: 'value', name: 'description' }, () =>
        services.sshKeys.create(request.legacyActor, slug!, { name: description, public_key: value }),
      );
      return success({ key: toLegacyKey(key) });
    },
  );

  app.delete(
    '/keys/:key',
    {
      schema: {
        operationId: 'legacyDeleteKey',
        tags,
        summary: 'Delete an SSH key no active server uses (409 otherwise)',
        params: KeyParams,
        response: { 200: SuccessNull, ...failureResponses(...keyFailures, 404, 409) },
      },
    },
    async (request) => {
      const slug = await accounts.defaultProject(request.legacyActor, { create: false });
      if (!slug) throw unknownKey();
      noteForAudit(request, { projectSlug: slug });
      await services.sshKeys.delete(request.legacyActor, slug, request.params.key);
      return success(null);
    },
  );
};
