// A host's drift report as the operator API answers it (D26).
import { Type, type Static } from 'typebox';
import { Id, Nullable, Text, Timestamp } from '../../schemas/common.ts';

export const DRIFT_KINDS = ['unknown_domain', 'unknown_volume', 'missing_machine', 'power_state'] as const;

export const DriftItemSchema = Type.Object(
  {
    kind: Type.Union(
      [Type.Literal('unknown_domain'), Type.Literal('unknown_volume'), Type.Literal('missing_machine'), Type.Literal('power_state')],
      {
        description:
          '`unknown_domain`: a machine on the host no server owns; `unknown_volume`: a volume of its pool no server owns; ' +
          "`missing_machine`: a server whose machine was made and is gone from the host; `power_state`: a server whose machine's power differs from its status",
      },
    ),
    server_id: Nullable(Text(16), { description: 'The server concerned (missing_machine, power_state)' }),
    domain: Nullable(Text(255), { description: "The machine's name on the host (unknown_domain, power_state)" }),
    volume: Nullable(Text(255), { description: "The volume's name in the host's pool (unknown_volume)" }),
    expected: Nullable(Text(30), { description: 'What the rows say: the power the server should have (power_state), its status (missing_machine)' }),
    actual: Nullable(Text(30), { description: 'What the host has: `running`, `stopped`, another state of the machine, or `missing`' }),
    since: Timestamp({ description: 'When a check first saw it; it has lasted since' }),
  },
  { title: 'HostDriftItem' },
);
export type DriftItem = Static<typeof DriftItemSchema>;
export type DriftKind = DriftItem['kind'];

export const HostDriftReportSchema = Type.Object(
  {
    host_id: Id(),
    checked_at: Nullable(Timestamp(), { description: 'The last check that reached the host; null before the first' }),
    error: Nullable(Text(2000), { description: 'Why the last attempt could not reach the host (the items are then those of the last check that did); null when it did' }),
    items: Type.Array(DriftItemSchema, { description: 'Every difference reported now; empty when the host and the rows agree' }),
  },
  { title: 'HostDriftReport' },
);
export type HostDriftReport = Static<typeof HostDriftReportSchema>;
