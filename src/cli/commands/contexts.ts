// `cloudplane context …`: the named connections (service URL, key, project)
// kept in the user's config directory (contexts.ts).
import type { Command } from 'commander';
import { lazyAction } from '../command-actions.ts';

const contexts = () => import('../handlers/contexts.ts');

export function registerContextCommands(program: Command): void {
  const group = program.command('context').alias('contexts').description('Named connections to a cloudplane service: URL, API key, project');
  group
    .command('create')
    .description('Save a context (the first one becomes current; one of that name is replaced). A --project given here is stored with it')
    .argument('<name>', 'a name for it, such as prod or local')
    .requiredOption('--url <url>', 'the service root (http://host:8080) or the project API root (http://host:8080/api/v1)')
    .option('--token <key>', 'the API key (it stays in your shell history: prefer --token-stdin)')
    .option('--token-stdin', 'read the API key from standard input')
    .option('--use', 'make it the current context')
    .option('--no-check', 'save it without asking the service whether the key works (it is checked with GET /me/ otherwise)')
    .action(lazyAction(contexts, (module) => module.createContext));
  group.command('use').description('Make a context the current one').argument('<name>', 'context name').action(lazyAction(contexts, (module) => module.useContext));
  group
    .command('show')
    .description('Show a context (default: the one in use): its URL and project, never its key')
    .argument('[name]', 'context name')
    .action(lazyAction(contexts, (module) => module.showContext));
  group
    .command('set-project')
    .description('Change the project of the context in use (or --context NAME), checked with its key')
    .argument('[project]', 'project slug or name')
    .option('--none', 'forget the context\'s project (the only one the key reaches is used, or --project)')
    .option('--no-check', 'store it without asking the service')
    .action(lazyAction(contexts, (module) => module.setContextProject));
  group.command('list').description('List the contexts (never their keys); * marks the current one').action(lazyAction(contexts, (module) => module.listContexts));
  group.command('delete').description('Forget a context').argument('<name>', 'context name').action(lazyAction(contexts, (module) => module.deleteContext));
}
