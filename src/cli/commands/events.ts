// `cloudplane events tail`: the project's events as they happen.
import type { Command } from 'commander';
import { lazyAction } from '../command-actions.ts';
import { eventTypeList, wholeNumber } from './arguments.ts';

const events = () => import('../handlers/events.ts');

export function registerEventCommands(program: Command): void {
  const group = program.command('events').alias('event').description("The project's events: what changed, as it happens");
  group
    .command('tail')
    .description('Print events as they are committed, until Ctrl+C (reconnects by itself, missing none)')
    .option('--types <types>', 'only these types, comma-separated (action.finished,order.status_changed …)', eventTypeList)
    .option('--after <id>', 'start after this event id (0: every event kept) instead of with the next one', wholeNumber)
    .action(lazyAction(events, (module) => module.tailEvents));
}
