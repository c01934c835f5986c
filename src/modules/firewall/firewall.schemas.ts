import { Type, type Static } from 'typebox';
import { Id, Int32, List, Nullable, Text, Timestamp } from '../../schemas/common.ts';
import { SlugParam } from '../projects/index.ts';
import { MAX_SERVER_FIREWALL_GROUPS, ServerId } from '../servers/index.ts';
import { DEFAULT_PRIORITY, MAX_COMMENT_LENGTH, MAX_PORT, MAX_PRIORITY, MIN_PORT, MIN_PRIORITY } from './rule-normalisation.ts';

export const GroupParams = Type.Object({ project_slug: SlugParam, group_id: Id() });
export const RuleParams = Type.Object({ project_slug: SlugParam, group_id: Id(), rule_id: Id() });
export const ServerGroupsParams = Type.Object({ project_slug: SlugParam, server_id: ServerId });

export const GROUP_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 ._-]*$';
const MAX_GROUP_NAME_LENGTH = 255;
const GroupName = Text(MAX_GROUP_NAME_LENGTH, {
  minLength: 1,
  pattern: GROUP_NAME_PATTERN,
  description: 'Up to 255 characters: letters, digits, spaces, dots, underscores, hyphens; starts with a letter or a digit; unique in the project',
});
const Direction = Type.Union([Type.Literal('ingress'), Type.Literal('egress')], { description: 'Chosen at creation; cannot change' });
const Protocol = Type.Union([Type.Literal('tcp'), Type.Literal('udp'), Type.Literal('icmp'), Type.Literal('any')]);

const Port = Int32(MIN_PORT, MAX_PORT);
const PortMin = Nullable(Port, { description: 'tcp and udp only. Both ports empty means every port' });
const PortMax = Nullable(Port, { description: 'Last port of a range; empty means port_min alone; needs port_min' });
// Long enough for any IPv6 network written out in full; the canonical form is shorter.
const Cidr = Text(100);
/** The canonical form the rules table keeps: at most an IPv6 address written out in full with its prefix length. */
const CanonicalCidr = Text(50, { description: 'Canonical form: lowercase, compressed IPv6, with prefix length' });
const SourceCidr = Nullable(Cidr, {
  description: 'Ingress groups only: where traffic comes from. A network or a single address; empty or null: any address of both families',
});
const DestinationCidr = Nullable(Cidr, {
  description: 'Egress groups only: where traffic goes. A network or a single address; empty or null: any address of both families',
});
const Priority = Int32(MIN_PRIORITY, MAX_PRIORITY, {
  description: `Orders rules, lowest first; never changes what is allowed. ${DEFAULT_PRIORITY} when left out`,
});
const Comment = Nullable(Text(MAX_COMMENT_LENGTH), { description: 'Changes nothing' });

export const FirewallRuleSchema = Type.Object(
  {
    id: Id(),
    protocol: Protocol,
    port_min: Nullable(Port),
    port_max: Nullable(Port),
    source_cidr: Nullable(CanonicalCidr),
    destination_cidr: Nullable(CanonicalCidr),
    priority: Int32(MIN_PRIORITY, MAX_PRIORITY),
    comment: Nullable(Text(MAX_COMMENT_LENGTH)),
  },
  { title: 'FirewallRule' },
);

export const FirewallGroupSchema = Type.Object(
  {
    id: Id(),
    name: Text(MAX_GROUP_NAME_LENGTH, { minLength: 1, pattern: GROUP_NAME_PATTERN }),
    direction: Direction,
    // Neither list has a limit: a group can be attached to every server of the project and hold any number of rules.
    // The spec shows both whole in the group, so they are not bounded here (see .spectral.yaml).
    servers: Type.Array(ServerId, { description: 'Ids of the servers the group is attached to' }),
    rules: Type.Array(FirewallRuleSchema, { description: 'Lowest priority first, ties by id' }),
    created_at: Timestamp(),
  },
  { title: 'FirewallGroup' },
);

export const CreateGroupBody = Type.Object({ name: GroupName, direction: Direction }, { title: 'FirewallGroupCreateRequest' });

/** A group sent back holds no more than a 1 MiB body can: 65,536 server ids or rules are more than fit. */
const MAX_SENT_BACK = 65_536;
const ignored = 'Ignored: the group as GET answers it may be sent back whole, and only its name changes';

// A whole group sent back is a rename: its other members are accepted and
// ignored. They are declared, as GET answers them, because a request body
// refuses members it does not declare (schemas/closed-objects.ts): a typo
// (`nme`) is refused, here and inside each rule sent back, not ignored too.
// The rules are the FirewallRule's members without its title: a request's
// objects are closed, an answer's are not, and a title names one shape.
export const UpdateGroupBody = Type.Object(
  {
    name: Type.Optional(GroupName),
    direction: Type.Optional(Text(20, { description: "Ignored when it is the group's direction; any other value is refused" })),
    id: Type.Optional(Id({ description: ignored })),
    servers: Type.Optional(List(ServerId, MAX_SENT_BACK, { description: ignored })),
    rules: Type.Optional(List(Type.Object(FirewallRuleSchema.properties), MAX_SENT_BACK, { description: ignored })),
    created_at: Type.Optional(Timestamp({ description: ignored })),
  },
  { title: 'FirewallGroupUpdateRequest' },
);

export const CreateRuleBody = Type.Object(
  {
    protocol: Protocol,
    port_min: Type.Optional(PortMin),
    port_max: Type.Optional(PortMax),
    source_cidr: Type.Optional(SourceCidr),
    destination_cidr: Type.Optional(DestinationCidr),
    priority: Type.Optional(Priority),
    comment: Type.Optional(Comment),
  },
  { title: 'FirewallRuleCreateRequest' },
);

export const UpdateRuleBody = Type.Object(
  {
    protocol: Type.Optional(Protocol),
    port_min: Type.Optional(PortMin),
    port_max: Type.Optional(PortMax),
    source_cidr: Type.Optional(SourceCidr),
    destination_cidr: Type.Optional(DestinationCidr),
    priority: Type.Optional(Priority),
    comment: Type.Optional(Comment),
  },
  { title: 'FirewallRuleUpdateRequest' },
);

export const ServerGroupsBody = Type.Object(
  {
    firewall_groups: List(Id(), MAX_SERVER_FIREWALL_GROUPS, {
      description: "The project's groups to attach; replaces the current set, [] detaches all, an id given twice counts once",
    }),
  },
  { title: 'ServerFirewallGroupsRequest' },
);

export const ServerGroupsSchema = Type.Object(
  {
    firewall_groups: List(Id(), MAX_SERVER_FIREWALL_GROUPS, { description: 'Ids of the attached groups, ascending' }),
  },
  { title: 'ServerFirewallGroups' },
);

export type FirewallGroup = Static<typeof FirewallGroupSchema>;
export type CreateGroupInput = Static<typeof CreateGroupBody>;
export type UpdateGroupInput = Static<typeof UpdateGroupBody>;
export type CreateRuleInput = Static<typeof CreateRuleBody>;
export type UpdateRuleInput = Static<typeof UpdateRuleBody>;
