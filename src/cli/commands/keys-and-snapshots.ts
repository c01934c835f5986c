// `cloudplane ssh-keys …` and `cloudplane snapshots …` (DESIGN D6).
import type { Command } from 'commander';
import { lazyAction } from '../command-actions.ts';
import { nameOrId } from './arguments.ts';

const keysAndSnapshots = () => import('../handlers/keys-and-snapshots.ts');

export function registerKeyAndSnapshotCommands(program: Command): void {
  const keys = program.command('ssh-keys').alias('ssh-key').description('SSH keys of the project, to install on new servers');
  keys.command('list').description('List the SSH keys').action(lazyAction(keysAndSnapshots, (module) => module.listSshKeys));
  keys.command('describe').description('Show an SSH key').argument('<key>', 'key id or name', nameOrId).action(lazyAction(keysAndSnapshots, (module) => module.describeSshKey));
  keys
    .command('add')
    .description('Add an OpenSSH public key (ed25519, rsa of 2048 bits or more, ecdsa)')
    .argument('<name>', 'a name for it')
    .option('--public-key <line>', 'the public key line itself')
    .option('--public-key-file <path>', 'a file holding it, such as ~/.ssh/id_ed25519.pub')
    .action(lazyAction(keysAndSnapshots, (module) => module.addSshKey));
  keys
    .command('rename')
    .description('Rename an SSH key')
    .argument('<key>', 'key id or name', nameOrId)
    .argument('<name>', 'the new name')
    .action(lazyAction(keysAndSnapshots, (module) => module.renameSshKey));
  keys.command('delete').description('Delete an SSH key').argument('<key>', 'key id or name', nameOrId).action(lazyAction(keysAndSnapshots, (module) => module.deleteSshKey));

  const snapshots = program.command('snapshots').alias('snapshot').description('Snapshots of servers (take one with servers create-snapshot)');
  snapshots.command('list').description('List the snapshots').action(lazyAction(keysAndSnapshots, (module) => module.listSnapshots));
  snapshots
    .command('describe')
    .description('Show a snapshot')
    .argument('<snapshot>', 'snapshot id or name', nameOrId)
    .action(lazyAction(keysAndSnapshots, (module) => module.describeSnapshot));
  snapshots.command('delete').description('Delete a snapshot').argument('<snapshot>', 'snapshot id or name', nameOrId).action(lazyAction(keysAndSnapshots, (module) => module.deleteSnapshot));
}
