// The operator's hypervisor hosts (D19): request bodies and the host as the
// operator API answers it, with what its servers use.
import { Type, type Static } from 'typebox';
import { Count, Id, Int32, Text, Timestamp } from '../../schemas/common.ts';
import { LocationCode } from '../../schemas/catalogue.ts';

/** 2^31 − 1: the columns are 32-bit integers on both engines. */
const MAX_CAPACITY = 2_147_483_647;

export const HostName = Text(63, { minLength: 1, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$', description: 'Unique among the hosts' });
export const HostUri = Text(500, {
  minLength: 4,
  pattern: '^[A-Za-z][A-Za-z0-9+.-]*://\\S*$',
  description: 'The libvirt connection URI, e.g. `qemu+ssh://root@hv1.example.net/system`; unique among the hosts',
});
export const HostState = Type.Union([Type.Literal('active'), Type.Literal('draining')], { description: '`draining`: keeps its servers, takes no new ones' });
const CpuCores = Int32(1, 1_000_000, { description: 'vCPUs the host can give out' });
const RamMb = Int32(1, MAX_CAPACITY, { description: 'Memory the host can give out, in MB' });
const DiskGb = Int32(1, MAX_CAPACITY, { description: 'Disk the host can give out, in GB' });

export const HostIdParams = Type.Object({ host_id: Id() });
export const HostListQuery = Type.Object({ location: Type.Optional(LocationCode()) });

export const CreateHostBody = Type.Object({
  name: HostName,
  location: LocationCode(),
  uri: HostUri,
  cpu_cores: CpuCores,
  ram_mb: RamMb,
  disk_gb: DiskGb,
  state: Type.Optional(HostState),
});
export type CreateHostInput = Static<typeof CreateHostBody>;

// The name and location stay as registered: anything else in the body is refused rather than ignored.
export const UpdateHostBody = Type.Object(
  {
    state: Type.Optional(HostState),
    uri: Type.Optional(HostUri),
    cpu_cores: Type.Optional(CpuCores),
    ram_mb: Type.Optional(RamMb),
    disk_gb: Type.Optional(DiskGb),
  },
  { additionalProperties: false },
);
export type UpdateHostInput = Static<typeof UpdateHostBody>;

export const HostUseSchema = Type.Object(
  {
    servers: Count(),
    cpu_cores: Count(),
    ram_mb: Count(),
    disk_gb: Count(),
  },
  { description: "The plans of the servers placed on the host, added up; a plan change waiting for a reboot counts as the larger of the two" },
);
export type HostUse = Static<typeof HostUseSchema>;

export const HostSchema = Type.Object({
  id: Id(),
  name: HostName,
  location: LocationCode(),
  uri: HostUri,
  state: HostState,
  cpu_cores: CpuCores,
  ram_mb: RamMb,
  disk_gb: DiskGb,
  used: HostUseSchema,
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type Host = Static<typeof HostSchema>;
