import { Type, type Static } from 'typebox';
import { Count, Id, Nullable, Text, Timestamp } from '../../schemas/common.ts';
import { SlugParam } from '../projects/index.ts';
import { ServerId } from '../servers/index.ts';

/** What the snapshots table holds; a name left out is the server's hostname and the day. */
export const SnapshotName = Text(255, { minLength: 1 });

export const SnapshotParams = Type.Object({
  project_slug: SlugParam,
  snapshot_id: Id(),
});

export const SnapshotSchema = Type.Object(
  {
    id: Id(),
    name: SnapshotName,
    server_id: Nullable(ServerId, { description: 'The server it was taken of, or null when that is not recorded' }),
    status: Type.Union([Type.Literal('creating'), Type.Literal('completed'), Type.Literal('failed')]),
    size_gb: Nullable(Count({ description: 'Known once the snapshot is completed' })),
    created_at: Timestamp(),
  },
  { title: 'Snapshot' },
);

export type Snapshot = Static<typeof SnapshotSchema>;
