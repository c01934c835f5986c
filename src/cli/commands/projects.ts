// `cloudplane me` and `cloudplane projects …`.
import type { Command } from 'commander';
import { lazyAction } from '../command-actions.ts';
import { nameOrId } from './arguments.ts';

const projects = () => import('../handlers/projects.ts');

export function registerProjectCommands(program: Command): void {
  program.command('me').description('Who the API key belongs to, their credit and their projects').action(lazyAction(projects, (module) => module.showMe));

  const group = program.command('projects').alias('project').description('Projects the key can reach');
  group.command('list').description('List the projects').action(lazyAction(projects, (module) => module.listProjects));
  group
    .command('describe')
    .description('Show a project (default: the one in use)')
    .argument('[project]', 'project slug or name', nameOrId)
    .action(lazyAction(projects, (module) => module.describeProject));
  group
    .command('create')
    .description('Create a project (you become its owner)')
    .argument('<name>', 'its name')
    .option('--slug <slug>', 'its slug (default: made from the name); it never changes')
    .action(lazyAction(projects, (module) => module.createProject));
  group
    .command('rename')
    .description('Rename a project (its slug stays)')
    .argument('<project>', 'project slug or name', nameOrId)
    .argument('<name>', 'the new name')
    .action(lazyAction(projects, (module) => module.renameProject));
  group
    .command('delete')
    .description('Delete a project (only when it has no servers or SSH keys)')
    .argument('<project>', 'project slug or name', nameOrId)
    .action(lazyAction(projects, (module) => module.deleteProject));
}
