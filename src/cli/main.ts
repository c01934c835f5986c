// `cloudplane`: one binary for the service (`serve | worker | migrate`) and
// for its users (`context`, `servers`, `firewall` …), as Vault and Nomad do.
//
// Start-up cost matters both ways, so this file loads only commander and the
// command definitions: `serve` imports the service when it runs (service.ts),
// and a user command imports its handler, the client, cli-table3 and ora when
// it runs (command-actions.ts). Neither pays for the other.
import { Command, CommanderError, Option } from 'commander';
import { beginClientCommand, endClientCommand, lazyAction } from './command-actions.ts';
import { registerActivityCommands } from './commands/activity.ts';
import { registerCatalogueCommands } from './commands/catalogue.ts';
import { registerContextCommands } from './commands/contexts.ts';
import { registerEventCommands } from './commands/events.ts';
import { registerFirewallCommands } from './commands/firewall.ts';
import { registerKeyAndSnapshotCommands } from './commands/keys-and-snapshots.ts';
import { registerProjectCommands } from './commands/projects.ts';
import { registerReverseDnsCommands } from './commands/reverse-dns.ts';
import { registerServerCommands } from './commands/servers.ts';
import { waitDuration } from './commands/arguments.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './failures.ts';
import { CLOUDPLANE_VERSION } from '../version.ts';

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
    .addOption(new Option('-p, --project <project>', 'the project to work in, by slug or name (default: the context\'s, or the only one the key reaches)').env('CLOUDPLANE_PROJECT'))
    // The kinds are choices for help and completion; columns=NAME,… is free-form, so the value is checked when a command runs (output-format.ts).
    .addOption(
      new Option('-o, --output <format>', 'table (fits the terminal), wide (every column, nothing cut), json or yaml (the API\'s records as they are), or columns=NAME,NAME… (--format is the same)')
        .choices(['table', 'wide', 'json', 'yaml'])
        .argParser((format: string) => format)
        .default('table')
        .env('CLOUDPLANE_OUTPUT'),
    )
    .addOption(new Option('--format <format>', 'the same as --output').hideHelp())
    .addOption(new Option('--no-header', 'leave the header line out of tables'))
    .addOption(new Option('-q, --quiet', 'print only ids (or a list\'s names), one per line; for a create or a start, the new id'))
    .addOption(new Option('--no-retry', 'send each request once: no retry after a 429, 502, 503 or a dropped connection'))
    .addOption(
      new Option('--retry-timeout <duration>', 'the most one request spends retrying, its waits included (default 45s)').argParser(waitDuration).env('CLOUDPLANE_RETRY_TIMEOUT'),
    )
    .version(CLOUDPLANE_VERSION, '-V, --version', 'print the command line\'s version');
  // --format is --output by another name (as other tools spell it): the last one typed wins.
  program.on('option:format', (format: string) => program.setOptionValueWithSource('output', format, 'cli'));

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

  program
    .command('version')
    .description('Print the command line\'s version and the service\'s (when a context or CLOUDPLANE_URL names one)')
    .action(lazyAction(() => import('./handlers/version.ts'), (module) => module.showVersion));

  program.commandsGroup('Shell:');
  program
    .command('completion')
    .description('Print a completion script: source <(cloudplane completion bash), zsh, or fish')
    .addArgument(program.createArgument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .action(async (shell: string) => {
      const { completionScript } = await import('./completion.ts');
      process.stdout.write(completionScript(shell, program));
    });
  // What the completion scripts ask while the user types: the servers, groups, keys … of a kind that start with
  // the prefix, from the API within a second, or nothing at all (handlers/completion.ts). Not for people: hidden.
  program
    .command('__complete', { hidden: true })
    .argument('<kind>')
    .argument('[prefix]')
    .action(async (kind: string, prefix: string | undefined, _options: unknown, command: Command) => {
      beginClientCommand();
      const { printCandidates } = await import('./handlers/completion.ts');
      await printCandidates(kind, prefix ?? '', command);
      await endClientCommand();
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
