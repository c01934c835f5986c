import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/common.schemas.ts';
import { SlugParam } from '../projects/projects.schemas.ts';
import { ServerId } from '../servers/servers.schemas.ts';
import { DEFAULT_PRIORITY, MAX_COMMENT_LENGTH, MAX_PORT, MAX_PRIORITY, MIN_PORT, MIN_PRIORITY } from './rule-normalisation.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const GroupParams = Type.Object({ project_slug: SlugParam, group_id: Id });
export const RuleParams = Type.Object({ project_slug: SlugParam, group_id: Id, rule_id: Id });
export const ServerGroupsParams = Type.Object({ project_slug: SlugParam, server_id: ServerId });

export const GROUP_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 ._-]*$';
const GroupName = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: GROUP_NAME_PATTERN,
  description: 'Up to 255 characters: letters, digits, spaces, dots, underscores, hyphens; starts with a letter or a digit; unique in the project',
});
const Direction = Type.Union([Type.Literal('ingress'), Type.Literal('egress')], { description: 'Chosen at creation; cannot change' });
const Protocol = Type.Union([Type.Literal('tcp'), Type.Literal('udp'), Type.Literal('icmp'), Type.Literal('any')]);

const Port = Type.Integer({ minimum: MIN_PORT, maximum: MAX_PORT });
const PortMin = Nullable(Port, { description: 'tcp and udp only. Both ports empty means every port' });
const PortMax = Nullable(Port, { description: 'Last port of a range; empty means port_min alone; needs port_min' });
// Long enough for any IPv6 network written out in full; the canonical form is shorter.
const Cidr = Type.String({ maxLength: 100 });
const SourceCidr = Nullable(Cidr, {
  description: 'Ingress groups only: where traffic comes from. A network or a single address; empty or null: any address of both families',
});
const DestinationCidr = Nullable(Cidr, {
  description: 'Egress groups only: where traffic goes. A network or a single address; empty or null: any address of both families',
});
const Priority = Type.Integer({
  minimum: MIN_PRIORITY,
  maximum: MAX_PRIORITY,
  description: `Orders rules, lowest first; never changes what is allowed. ${DEFAULT_PRIORITY} when left out`,
});
const Comment = Nullable(Type.String({ maxLength: MAX_COMMENT_LENGTH }), { description: 'Changes nothing' });

export const FirewallRuleSchema = Type.Object({
  id: Type.Integer(),
  protocol: Protocol,
  port_min: Nullable(Type.Integer()),
  port_max: Nullable(Type.Integer()),
  source_cidr: Nullable(Type.String(), { description: 'Canonical form: lowercase, compressed IPv6, with prefix length' }),
  destination_cidr: Nullable(Type.String(), { description: 'Canonical form: lowercase, compressed IPv6, with prefix length' }),
  priority: Type.Integer(),
  comment: Nullable(Type.String()),
});

export const FirewallGroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  direction: Direction,
  servers: Type.Array(Type.String(), { description: 'Ids of the servers the group is attached to' }),
  rules: Type.Array(FirewallRuleSchema, { description: 'Lowest priority first, ties by id' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const CreateGroupBody = Type.Object({ name: GroupName, direction: Direction });

// A whole group sent back is a rename: fields other than name and direction
// are ignored, so they are not described here and not checked.
export const UpdateGroupBody = Type.Object({
  name: Type.Optional(GroupName),
  direction: Type.Optional(Type.String({ maxLength: 20, description: "Ignored when it is the group's direction; any other value is refused" })),
});

export const CreateRuleBody = Type.Object({
  protocol: Protocol,
  port_min: Type.Optional(PortMin),
  port_max: Type.Optional(PortMax),
  source_cidr: Type.Optional(SourceCidr),
  destination_cidr: Type.Optional(DestinationCidr),
  priority: Type.Optional(Priority),
  comment: Type.Optional(Comment),
});

export const UpdateRuleBody = Type.Object({
  protocol: Type.Optional(Protocol),
  port_min: Type.Optional(PortMin),
  port_max: Type.Optional(PortMax),
  source_cidr: Type.Optional(SourceCidr),
  destination_cidr: Type.Optional(DestinationCidr),
  priority: Type.Optional(Priority),
  comment: Type.Optional(Comment),
});

export const ServerGroupsBody = Type.Object({
  firewall_groups: Type.Array(Id, {
    maxItems: 1000,
    description: "The project's groups to attach; replaces the current set, [] detaches all, an id given twice counts once",
  }),
});

export const ServerGroupsSchema = Type.Object({
  firewall_groups: Type.Array(Type.Integer(), { description: 'Ids of the attached groups, ascending' }),
});

export type FirewallGroup = Static<typeof FirewallGroupSchema>;
export type CreateGroupInput = Static<typeof CreateGroupBody>;
export type UpdateGroupInput = Static<typeof UpdateGroupBody>;
export type CreateRuleInput = Static<typeof CreateRuleBody>;
export type UpdateRuleInput = Static<typeof UpdateRuleBody>;
