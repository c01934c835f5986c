// `cloudplane actions …` and `cloudplane orders …`: the long-running work of
// a project, to list, read and follow.
import { Option, type Command } from 'commander';
import { lazyAction } from '../command-actions.ts';
import { waitTimeoutOption } from './wait-options.ts';
import { positiveInteger, serverNameOrId } from './arguments.ts';

const activity = () => import('../handlers/activity.ts');

const ACTION_STATUSES = ['running', 'unknown', 'success', 'error'];
const ACTION_NAMES = [
  'power_on', 'power_off', 'shutdown', 'reboot', 'reinstall', 'reset_password',
  'create_snapshot', 'restore_snapshot', 'mount_iso', 'unmount_iso', 'enable_ipv6', 'enable_private_network',
];

export function registerActivityCommands(program: Command): void {
  const actions = program.command('actions').alias('action').description('Actions: power, reinstall, snapshots … on servers');
  actions
    .command('list')
    .description('List the actions, newest first')
    .option('--server <server>', 'only those of this server (id or hostname)', serverNameOrId)
    .addOption(new Option('--status <status>', 'only those in this state').choices(ACTION_STATUSES))
    .addOption(new Option('--type <type>', 'only this kind').choices(ACTION_NAMES.map((name) => `server.${name}`)))
    .action(lazyAction(activity, (module) => module.listActions));
  actions.command('describe').description('Show an action').argument('<id>', 'action id', positiveInteger).action(lazyAction(activity, (module) => module.describeAction));
  actions
    .command('wait')
    .description('Follow an action until it ends; exit 1 if it ends in error')
    .addOption(waitTimeoutOption())
    .argument('<id>', 'action id', positiveInteger)
    .action(lazyAction(activity, (module) => module.waitAction));

  const orders = program.command('orders').alias('order').description('Orders: servers, upgrades, bandwidth');
  orders.command('list').description('List the orders, newest first').action(lazyAction(activity, (module) => module.listOrders));
  orders
    .command('describe')
    .description('Show an order (its latest state, checked with billing)')
    .argument('<id>', 'order id', positiveInteger)
    .action(lazyAction(activity, (module) => module.describeOrder));
  orders
    .command('wait')
    .description('Follow an order until it is completed, failed or cancelled (through its payment); exit 1 unless completed')
    .addOption(waitTimeoutOption())
    .argument('<id>', 'order id', positiveInteger)
    .action(lazyAction(activity, (module) => module.waitOrder));
}
