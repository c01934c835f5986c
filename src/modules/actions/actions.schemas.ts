import { Type, type Static } from 'typebox';
import { Id, Nullable, Text, Timestamp } from '../../schemas/common.ts';
import { PageQuery } from '../../schemas/pagination.ts';
import { CatalogueId } from '../../schemas/catalogue.ts';
import { SlugParam } from '../projects/index.ts';
import { ServerId, SshKeyIds } from '../servers/index.ts';
import { SnapshotName } from '../snapshots/index.ts';

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

/** `power_on` → `PowerOn`: the tail of the operationId of its start. */
export const actionOperationName = (name: ActionName) => name.replace(/(?:^|_)([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The body each action start takes; actions not listed take none. */
export const ActionBodies: Partial<Record<ActionName, ReturnType<typeof Type.Object>>> = {
  reinstall: Type.Object(
    {
      image: Text(64, { minLength: 1 }),
      ssh_keys: Type.Optional(SshKeyIds()),
    },
    { title: 'ServerReinstallRequest' },
  ),
  create_snapshot: Type.Object({ name: Type.Optional(SnapshotName) }, { title: 'ServerCreateSnapshotRequest' }),
  restore_snapshot: Type.Object({ snapshot_id: Id() }, { title: 'ServerRestoreSnapshotRequest' }),
  mount_iso: Type.Object({ iso_id: CatalogueId() }, { title: 'ServerMountIsoRequest' }),
};

const ActionStatus = Type.Union([Type.Literal('running'), Type.Literal('unknown'), Type.Literal('success'), Type.Literal('error')], { title: 'ActionStatus' });
const ActionType = Type.Union(ACTION_TYPES.map((type) => Type.Literal(type)));

export const ActionSchema = Type.Object(
  {
    id: Id(),
    type: Type.String({ enum: [...ACTION_TYPES] }),
    status: ActionStatus,
    resource: Type.Object({ type: Type.Literal('server'), id: ServerId }),
    started_at: Timestamp(),
    finished_at: Nullable(Timestamp()),
    error: Nullable(
      Type.Object({
        code: Text(50, { pattern: '^[a-z_]+$', description: 'Such as provisioning_unavailable, provisioning_error, machine_missing, not_carried_out, server_deleted, no_addresses' }),
        message: Text(255),
      }),
    ),
    result: Type.Object(
      {
        root_password: Type.Optional(Text(128)),
        snapshot_id: Type.Optional(Id()),
        subnet: Type.Optional(Text(43)),
        forced_power_off: Type.Optional(
          Type.Literal(true, {
            description:
              'reboot, shutdown, enable_ipv6 and enable_private_network ask the guest to shut down (its guest agent, or ACPI); true when it had not within the timeout and was powered off instead (for a reboot: a hard reset)',
          }),
        ),
      },
      { description: 'reset_password and reinstall: {root_password}; create_snapshot: {snapshot_id}; enable_ipv6: {subnet}; others {}; forced_power_off when a soft stop had to be forced' },
    ),
  },
  { title: 'Action' },
);

export const ActionListQuery = Type.Object({
  ...PageQuery,
  resource_id: Type.Optional(Text(32, { pattern: '^[0-9a-f]{1,32}$' })),
  resource_type: Type.Optional(Type.Union([Type.Literal('server')])),
  status: Type.Optional(ActionStatus),
  type: Type.Optional(ActionType),
});

export const ActionParams = Type.Object({ project_slug: SlugParam, action_id: Text(18, { pattern: '^\\d{1,18}$' }) });

export type Action = Static<typeof ActionSchema>;
export type ActionFilters = Omit<Static<typeof ActionListQuery>, 'page' | 'page_size'>;
