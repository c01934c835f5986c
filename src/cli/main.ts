// `cloudplane`: one binary for the service (`serve | worker | migrate`) and
// for its users (`context`, `servers`, `firewall` …), as Vault and Nomad do.
//
// Start-up cost matters both ways, so this file loads only commander and the
// command definitions: `serve` imports the service when it runs (service.ts),
// and a user command imports its handler, the client, cli-table3 and ora when
// it runs (command-actions.ts). Neither pays for the other.
import { Command, CommanderError, Option } from 'commander';
import { registerActivityCommands } from './commands/activity.ts';
import { registerCatalogueCommands } from './commands/catalogue.ts';
import { registerContextCommands } from './commands/contexts.ts';
import { registerEventCommands } from './commands/events.ts';
import { registerFirewallCommands } from './commands/firewall.ts';
import { registerKeyAndSnapshotCommands } from './commands/keys-and-snapshots.ts';
import { registerProjectCommands } from './commands/projects.ts';
import { registerReverseDnsCommands } from './commands/reverse-dns.ts';
import { registerServerCommands } from './commands/servers.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './failures.ts';

type ServiceCommand = 'serve' | 'worker' | 'migrate';

/** A service command, as it always ran: any failure is printed (configuration mistakes as one line) and exits 1. */
async function runService(name: ServiceCommand): Promise<void> {
  const service = await import('./service.ts');
  try {
    await service[name]();
  } catch (error) {
    process.stderr.write(`${service.describeServiceFailure(error)}\n`);
    process.exit(1);
  }
}

function buildProgram(): Command {
  const program = new Command('cloudplane').description('An open control plane for a virtual-server cloud');
  // Set before any subcommand is added: commander copies these settings to each one.
  program
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ showGlobalOptions: true })
    .addOption(new Option('--context <name>', 'use this context instead of the current one').env('CLOUDPLANE_CONTEXT'))
    .addOption(new Option('-p, --project <slug>', 'the project to work in (default: the context\'s, or the only one the key reaches)').env('CLOUDPLANE_PROJECT'))
    .addOption(new Option('-o, --output <format>', 'table (fits the terminal) or json (the API\'s records as they are)').choices(['table', 'json']).default('table').env('CLOUDPLANE_OUTPUT'));

  program.commandsGroup('Run the service:');
  program.command('serve').description('Run the project, legacy and operator APIs with a background worker').action(() => runService('serve'));
  program.command('worker').description('Run a background worker only (scale-out)').action(() => runService('worker'));
  program.command('migrate').description('Apply database migrations and exit').action(() => runService('migrate'));

  program.commandsGroup('Use the project API:');
  registerContextCommands(program);
  registerProjectCommands(program);
  registerServerCommands(program);
  registerActivityCommands(program);
  registerEventCommands(program);
  registerCatalogueCommands(program);
  registerKeyAndSnapshotCommands(program);
  registerFirewallCommands(program);
  registerReverseDnsCommands(program);

  program.commandsGroup('Shell:');
  program
    .command('completion')
    .description('Print a completion script: source <(cloudplane completion bash), or zsh')
    .addArgument(program.createArgument('<shell>', 'bash or zsh').choices(['bash', 'zsh']))
    .action(async (shell: string) => {
      const { completionScript } = await import('./completion.ts');
      process.stdout.write(completionScript(shell, program));
    });
  return program;
}

/** Commander's own way out: help and version asked for are success; every parsing complaint (it has printed it) is a usage error. */
function commanderExitCode(error: CommanderError): number {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
  return EXIT_USAGE;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      process.exitCode = commanderExitCode(error);
      return;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = EXIT_FAILED;
  });
