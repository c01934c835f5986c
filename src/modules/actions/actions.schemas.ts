import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/common.schemas.ts';
import { PageQuery } from '../../http/pagination.ts';
import { SlugParam } from '../projects/projects.schemas.ts';

export const ACTION_NAMES = [
  'power_on',
  'power_off',
  'shutdown',
  'reboot',
  'reinstall',
  'reset_password',
  'create_snapshot',
  'restore_snapshot',
  'mount_iso',
  'unmount_iso',
  'enable_ipv6',
  'enable_private_network',
] as const;
export type ActionName = (typeof ACTION_NAMES)[number];
export const ACTION_TYPES = ACTION_NAMES.map((name) => `server.${name}` as const);

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** The body each action start takes; actions not listed take none. */
export const ActionBodies: Partial<Record<ActionName, ReturnType<typeof Type.Object>>> = {
  reinstall: Type.Object({
    image: Type.String({ minLength: 1, maxLength: 64 }),
    ssh_keys: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  }),
  create_snapshot: Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
  restore_snapshot: Type.Object({ snapshot_id: Id }),
  mount_iso: Type.Object({ iso_id: Id }),
};

export const ActionSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('unknown'), Type.Literal('success'), Type.Literal('error')]),
  resource: Type.Object({ type: Type.Literal('server'), id: Type.String() }),
  started_at: Type.String(),
  finished_at: Nullable(Type.String()),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  result: Type.Object({}, { additionalProperties: true, description: 'reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {}' }),
});

export const ActionListQuery = Type.Object({
  ...PageQuery,
  resource_id: Type.Optional(Type.String({ pattern: '^[0-9a-f]{1,32}$', maxLength: 32 })),
  resource_type: Type.Optional(Type.Union([Type.Literal('server')])),
  status: Type.Optional(Type.Union([Type.Literal('running'), Type.Literal('unknown'), Type.Literal('success'), Type.Literal('error')])),
  type: Type.Optional(Type.Union(ACTION_TYPES.map((type) => Type.Literal(type)))),
});

export const ActionParams = Type.Object({ project_slug: SlugParam, action_id: Type.String({ pattern: '^\\d{1,18}$' }) });

export type Action = Static<typeof ActionSchema>;
export type ActionFilters = Omit<Static<typeof ActionListQuery>, 'page' | 'page_size'>;
