// The bridge between a command's definition (cheap, loaded at every start)
// and its implementation (the client, tables, spinners: loaded only when that
// command runs). `cloudplane serve` never loads a handler, and a handler never
// loads the service.
import { setFlagsFromString } from 'node:v8';
import type { Command } from 'commander';
import type { CommandSpelling } from './field-names.ts';
import type { GlobalOptions, Handler, Invocation } from './invocation.ts';

/** Resolves once what was written to `stream` so far has been handed to the system. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

/** What a command that talks to the service does before anything else. */
export function beginClientCommand(): void {
  // fetch parses HTTP with a WebAssembly module that V8 recompiles in the background for speed once it has run;
  // a process that ends waits about 100 ms for that compile, which a command making a few requests never uses.
  setFlagsFromString('--liftoff-only');
}

/**
 * Ends the process once its output is out: nothing left running (a keep-alive
 * connection, a timer, an abandoned request) may keep it, as each tenth of a
 * second is paid on every command, in every `xargs` loop and on every Tab.
 */
export async function endClientCommand(): Promise<never> {
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit();
}

/**
 * A commander action that imports `load()` when the command runs and calls
 * the handler `pick` chooses from it. Failures are reported (and the exit
 * code set) by run-handler.ts, which is just as lazily loaded.
 */
export function lazyAction<Module>(load: () => Promise<Module>, pick: (module: Module) => Handler) {
  return async (...received: unknown[]): Promise<void> => {
    beginClientCommand();
    const command = received.at(-1) as Command;
    let program = command;
    while (program.parent) program = program.parent;
    const globalSources = Object.fromEntries((['context', 'project', 'output'] as const).map((name) => [name, program.getOptionValueSource(name)]));
    const spelling: CommandSpelling = {
      options: command.options.map((option) => option.long).filter((flag): flag is string => flag !== undefined),
      arguments: command.registeredArguments.map((argument) => argument.name()),
    };
    const invocation: Invocation = { args: [...command.args], options: command.opts(), globals: command.optsWithGlobals<GlobalOptions>(), globalSources, spelling };
    const [{ runHandler }, module] = await Promise.all([import('./run-handler.ts'), load()]);
    await runHandler(pick(module), invocation);
    await endClientCommand();
  };
}
