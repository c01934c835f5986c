// What a command's handler is given: its arguments and options as parsed, the
// program-wide options, and how the user spelled them. Types only, shared by
// the commands' bridge (command-actions.ts) and what runs a handler.
import type { CommandSpelling } from './field-names.ts';

/** The program-wide options (main.ts), as every command sees them. */
export interface GlobalOptions {
  context?: string;
  project?: string;
  /** -o/--output (or --format) as typed; with header and quiet, output-format.ts reads it into the OutputFormat a session prints in. */
  output?: string;
  /** false with --no-header. */
  header?: boolean;
  /** -q */
  quiet?: boolean;
  /** false with --no-retry. */
  retry?: boolean;
  /** --retry-timeout, in milliseconds. */
  retryTimeout?: number;
}

export interface Invocation {
  /** The positional arguments, in the order the command declares them. */
  args: string[];
  /** The command's own options, as commander parsed them. */
  options: Record<string, unknown>;
  globals: GlobalOptions;
  /** Where each program-wide option's value came from: 'cli', 'env' or 'default' (undefined when unset). */
  globalSources: Partial<Record<keyof GlobalOptions, string>>;
  /** The command's options and arguments as typed, to name a refused field as the user wrote it. */
  spelling?: CommandSpelling;
}

export type Handler = (invocation: Invocation) => Promise<void>;
