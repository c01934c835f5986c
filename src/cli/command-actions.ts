// The bridge between a command's definition (cheap, loaded at every start)
// and its implementation (the client, tables, spinners: loaded only when that
// command runs). `cloudplane serve` never loads a handler, and a handler never
// loads the service.
import type { Command } from 'commander';
import type { OutputFormat } from './output.ts';

/** The program-wide options (main.ts), as every command sees them. */
export interface GlobalOptions {
  context?: string;
  project?: string;
  output: OutputFormat;
}

export interface Invocation {
  /** The positional arguments, in the order the command declares them. */
  args: string[];
  /** The command's own options, as commander parsed them. */
  options: Record<string, unknown>;
  globals: GlobalOptions;
  /** Where each program-wide option's value came from: 'cli', 'env' or 'default' (undefined when unset). */
  globalSources: Partial<Record<keyof GlobalOptions, string>>;
}

export type Handler = (invocation: Invocation) => Promise<void>;

/**
 * A commander action that imports `load()` when the command runs and calls
 * the handler `pick` chooses from it. Failures are reported (and the exit
 * code set) by run-handler.ts, which is just as lazily loaded.
 */
export function lazyAction<Module>(load: () => Promise<Module>, pick: (module: Module) => Handler) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    let program = command;
    while (program.parent) program = program.parent;
    const globalSources = Object.fromEntries((['context', 'project', 'output'] as const).map((name) => [name, program.getOptionValueSource(name)]));
    const invocation: Invocation = { args: [...command.args], options: command.opts(), globals: command.optsWithGlobals<GlobalOptions>(), globalSources };
    const [{ runHandler }, module] = await Promise.all([import('./run-handler.ts'), load()]);
    await runHandler(pick(module), invocation);
  };
}
