// `cloudplane servers …`: reading, ordering, renaming, the action starts
// (DESIGN D4), cancel, upgrades, bandwidth, ssh and the serial console, and
// the attached firewall groups.
import { Option, type Command } from 'commander';
import { lazyAction } from '../command-actions.ts';
import { collectNamesOrIds, nameOrId, positiveInteger, serverNameOrId } from './arguments.ts';
import { waitOption, waitTimeoutOption } from './wait-options.ts';

const servers = () => import('../handlers/servers.ts');
const serverActions = () => import('../handlers/server-actions.ts');
const serverOrders = () => import('../handlers/server-orders.ts');
const serverSsh = () => import('../handlers/server-ssh.ts');
const serverConsole = () => import('../handlers/server-console.ts');

/** Action starts without a body: command name → the API's action name. */
const PLAIN_ACTIONS: [command: string, action: string, description: string][] = [
  ['power-on', 'power_on', 'Power the server on'],
  ['power-off', 'power_off', 'Cut the power at once, as pulling the plug (what the guest has not written out is lost)'],
  ['shutdown', 'shutdown', 'Shut the server down cleanly (powered off if it has not within the timeout)'],
  ['reboot', 'reboot', 'Reboot the server softly: the guest shuts down, then starts again (applies pending plan changes)'],
  ['reset-password', 'reset_password', 'Set a new root password (printed when the action ends)'],
  ['unmount-iso', 'unmount_iso', 'Unmount the mounted ISO'],
  ['enable-ipv6', 'enable_ipv6', 'Give the server a routed IPv6 subnet'],
  ['enable-private-network', 'enable_private_network', 'Attach the server to the private network'],
];


export function registerServerCommands(program: Command): void {
  const group = program.command('servers').alias('server').description('Servers of the project: read, order, rename, power, cancel');

  group.command('list').description('List the servers').action(lazyAction(servers, (module) => module.listServers));
  group.command('describe').description('Show a server').argument('<server>', 'server id or hostname', serverNameOrId).action(lazyAction(servers, (module) => module.describeServer));
  group
    .command('rename')
    .description('Change a server\'s hostname')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .argument('<hostname>', 'the new hostname')
    .action(lazyAction(servers, (module) => module.renameServer));

  group
    .command('create')
    .description('Order a server (the order is paid from the owner\'s credit, or waits for payment in the console)')
    .argument('<hostname>', 'the new server\'s hostname')
    .requiredOption('--product <id>', 'product id (see catalogue products)', positiveInteger)
    .requiredOption('--location <code>', 'location code (see catalogue locations)')
    .option('--image <name>', 'image to install (see catalogue images)')
    .option('--snapshot <snapshot>', 'create the server from this snapshot (id or name) instead of an image', nameOrId)
    .option('--billing-cycle <cycle>', 'one of the product\'s billing cycles (default: the product\'s default)')
    .option('--ssh-key <key>', 'install this SSH key, by id or name (repeat for several)', collectNamesOrIds)
    .option('--ipv4-additional <count>', 'IPv4 addresses on top of the first', positiveInteger)
    .option('--ipv6', 'give the server an IPv6 subnet')
    .option('--private-network', 'attach it to the private network')
    .option('--promo-code <code>', 'promotion code')
    .addOption(waitOption())
    .addOption(waitTimeoutOption())
    .action(lazyAction(serverOrders, (module) => module.createServer));

  for (const [name, action, description] of PLAIN_ACTIONS) {
    group
      .command(name)
      .description(description)
      .argument('<server>', 'server id or hostname', serverNameOrId)
      .addOption(waitOption())
    .addOption(waitTimeoutOption())
      .action(lazyAction(serverActions, (module) => module.startAction(action)));
  }
  group
    .command('reinstall')
    .description('Reinstall the server from an image (everything on it is lost; the new root password is printed)')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .requiredOption('--image <name>', 'image to install')
    .option('--ssh-key <key>', 'install this SSH key, by id or name (repeat for several)', collectNamesOrIds)
    .addOption(waitOption())
    .addOption(waitTimeoutOption())
    .action(lazyAction(serverActions, (module) => module.startAction('reinstall')));
  group
    .command('create-snapshot')
    .description('Take a snapshot of the server')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .option('--name <name>', 'the snapshot\'s name')
    .addOption(waitOption())
    .addOption(waitTimeoutOption())
    .action(lazyAction(serverActions, (module) => module.startAction('create_snapshot')));
  group
    .command('restore-snapshot')
    .description('Restore the server from one of the project\'s snapshots')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .requiredOption('--snapshot <snapshot>', 'snapshot id or name', nameOrId)
    .addOption(waitOption())
    .addOption(waitTimeoutOption())
    .action(lazyAction(serverActions, (module) => module.startAction('restore_snapshot')));
  group
    .command('mount-iso')
    .description('Mount an ISO (see catalogue isos)')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .requiredOption('--iso <id>', 'ISO id', positiveInteger)
    .addOption(waitOption())
    .addOption(waitTimeoutOption())
    .action(lazyAction(serverActions, (module) => module.startAction('mount_iso')));

  group
    .command('cancel')
    .description('Request the server\'s cancellation: at the end of the paid term, or now (deleting it with everything on it)')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .addOption(new Option('--when <when>', 'end_of_term or immediate').choices(['end_of_term', 'immediate']).makeOptionMandatory())
    .option('--reason <text>', 'why (required for end_of_term)')
    .action(lazyAction(servers, (module) => module.cancelServer));

  group
    .command('upgrade-options')
    .description('Products the server can be upgraded to')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .action(lazyAction(serverOrders, (module) => module.listUpgradeOptions));
  group
    .command('upgrade')
    .description('Order an upgrade to another product (a reboot through the API applies it)')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .requiredOption('--product <id>', 'product id (see servers upgrade-options)', positiveInteger)
    .option('--upgrade-disk', 'grow the disk too')
    .addOption(waitOption())
    .addOption(waitTimeoutOption())
    .action(lazyAction(serverOrders, (module) => module.upgradeServer));
  group
    .command('add-bandwidth')
    .description('Buy extra traffic for this month (sizes: catalogue pricing)')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .requiredOption('--size <gb>', 'size in GB', positiveInteger)
    .addOption(waitOption())
    .addOption(waitTimeoutOption())
    .action(lazyAction(serverOrders, (module) => module.addBandwidth));

  group
    .command('ssh')
    .description('Log in to the server with ssh (as root, to its primary IPv4 address); a command after -- runs instead of a shell')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .argument('[command...]', 'the remote command and its arguments, after --')
    .option('-i, --identity <file>', 'the private key ssh uses (passed to ssh -i)')
    .option('-u, --user <name>', 'log in as this user', 'root')
    .option('--port <port>', 'the SSH port on the server (default: ssh\'s, 22)', positiveInteger)
    .action(lazyAction(serverSsh, (module) => module.sshToServer));
  group
    .command('console')
    .description('Attach this terminal to the server\'s serial console, the way in when SSH is not (Ctrl-] leaves; piped input is sent as it is)')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .action(lazyAction(serverConsole, (module) => module.attachToConsole));

  group
    .command('set-firewall-groups')
    .description('Replace the firewall groups attached to the server')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .argument('[groups...]', 'firewall groups, by id or name', collectNamesOrIds)
    .option('--none', 'detach every group')
    .action(lazyAction(servers, (module) => module.setFirewallGroups));
}
