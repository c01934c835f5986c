import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/common.schemas.ts';
import { SlugParam } from '../projects/projects.schemas.ts';

export const SnapshotParams = Type.Object({
  project_slug: SlugParam,
  snapshot_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

export const SnapshotSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  server_id: Nullable(Type.String({ description: 'The server it was taken of, or null when that is not recorded' })),
  status: Type.Union([Type.Literal('creating'), Type.Literal('completed'), Type.Literal('failed')]),
  size_gb: Nullable(Type.Integer({ minimum: 0, description: 'Known once the snapshot is completed' })),
  created_at: Type.String({ format: 'date-time' }),
});

export type Snapshot = Static<typeof SnapshotSchema>;
