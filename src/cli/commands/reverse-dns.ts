// `cloudplane reverse-dns …`: PTR names of a server's addresses.
import type { Command } from 'commander';
import { lazyAction } from '../command-actions.ts';
import { serverNameOrId } from './arguments.ts';

const reverseDns = () => import('../handlers/reverse-dns.ts');

export function registerReverseDnsCommands(program: Command): void {
  const group = program.command('reverse-dns').alias('rdns').description('Reverse DNS (PTR) names of a server\'s addresses');
  group.command('list').description('One line per IPv4 address of the server (read an IPv6 address\'s PTR with get)').argument('<server>', 'server id or hostname', serverNameOrId).action(lazyAction(reverseDns, (module) => module.listReverseDns));
  group
    .command('get')
    .description('Show the PTR name of one address: an IPv4 address of the server, or any address in its IPv6 subnet')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .argument('<address>', 'the address')
    .action(lazyAction(reverseDns, (module) => module.getReverseDns));
  group
    .command('set')
    .description('Set the PTR name of an address (an IPv4 address of the server, or one in its IPv6 subnet)')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .argument('<address>', 'the address')
    .argument('<ptr>', 'the name, such as mail.example.com')
    .action(lazyAction(reverseDns, (module) => module.setReverseDns));
  group
    .command('delete')
    .description('Remove the PTR name of an address')
    .argument('<server>', 'server id or hostname', serverNameOrId)
    .argument('<address>', 'the address')
    .action(lazyAction(reverseDns, (module) => module.deleteReverseDns));
}
