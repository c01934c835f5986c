// `cloudplane firewall groups …` and `cloudplane firewall rules …`.
import { Option, type Command } from 'commander';
import { lazyAction } from '../command-actions.ts';
import { nameOrId, portRange, positiveInteger, serverNameOrId } from './arguments.ts';

const groups = () => import('../handlers/firewall-groups.ts');
const rules = () => import('../handlers/firewall-rules.ts');

export function registerFirewallCommands(program: Command): void {
  const firewall = program.command('firewall').description('Firewall groups (attached to servers) and their allow rules');

  const group = firewall.command('groups').alias('group').description('Firewall groups');
  group.command('list').description('List the groups').action(lazyAction(groups, (module) => module.listGroups));
  group.command('describe').description('Show a group with its rules').argument('<group>', 'group id or name', nameOrId).action(lazyAction(groups, (module) => module.describeGroup));
  group
    .command('create')
    .description('Create an empty group (a name already taken prints that group\'s id, exit 1)')
    .argument('<name>', 'its name: letters, digits, spaces, dots, underscores, hyphens')
    .addOption(new Option('--direction <direction>', 'which traffic its rules allow').choices(['ingress', 'egress']).default('ingress'))
    .action(lazyAction(groups, (module) => module.createGroup));
  group
    .command('rename')
    .description('Rename a group')
    .argument('<group>', 'group id or name', nameOrId)
    .argument('<name>', 'the new name')
    .action(lazyAction(groups, (module) => module.renameGroup));
  group
    .command('delete')
    .description('Delete a group and its rules (refused while it is attached to servers)')
    .argument('<group>', 'group id or name', nameOrId)
    .action(lazyAction(groups, (module) => module.deleteGroup));
  group
    .command('attach')
    .description('Attach the group to a server (its other groups stay)')
    .argument('<group>', 'group id or name', nameOrId)
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .action(lazyAction(groups, (module) => module.attachGroup));
  group
    .command('detach')
    .description('Detach the group from a server')
    .argument('<group>', 'group id or name', nameOrId)
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .action(lazyAction(groups, (module) => module.detachGroup));

  const rule = firewall.command('rules').alias('rule').description('Rules of a firewall group: each allows traffic');
  rule.command('list').description('List a group\'s rules, lowest priority first').argument('<group>', 'group id or name', nameOrId).action(lazyAction(rules, (module) => module.listRules));
  rule
    .command('describe')
    .description('Show a rule')
    .argument('<group>', 'group id or name', nameOrId)
    .argument('<rule>', 'rule id', positiveInteger)
    .action(lazyAction(rules, (module) => module.describeRule));
  rule
    .command('add')
    .description('Add a rule (an identical rule already there prints its id and exits 1 with rule_exists)')
    .argument('<group>', 'group id or name', nameOrId)
    .addOption(new Option('--protocol <protocol>', 'what it allows').choices(['tcp', 'udp', 'icmp', 'any']).makeOptionMandatory())
    .option('--port <port>', 'a port or a range such as 8000-8100 (tcp and udp only; none means every port)', portRange)
    .option('--source <cidr>', 'ingress groups: where traffic comes from (default: anywhere)')
    .option('--destination <cidr>', 'egress groups: where traffic goes (default: anywhere)')
    .option('--priority <n>', '1 to 64996 (default 1000): orders the rules, allows nothing more', positiveInteger)
    .option('--comment <text>', 'a note for people')
    .action(lazyAction(rules, (module) => module.addRule));
  rule
    .command('delete')
    .description('Delete a rule')
    .argument('<group>', 'group id or name', nameOrId)
    .argument('<rule>', 'rule id', positiveInteger)
    .action(lazyAction(rules, (module) => module.deleteRule));
}
