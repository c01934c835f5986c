// What the user asked stdout to carry: `-o table|wide|json|yaml|columns=a,b`
// (or --format, or CLOUDPLANE_OUTPUT), `--no-header` and `-q`, read into one
// OutputFormat that the handlers pass to the printers (output.ts). Kept apart
// from the printers and free of packages: reading the options costs nothing,
// and a value that is not a format is a usage error before anything is sent.
import type { GlobalOptions } from './invocation.ts';
import { UsageError } from './failures.ts';

/**
 * table: for people, fitted to the terminal; wide: every column, extra ones
 * included, nothing cut; json and yaml: the API's records as they are;
 * columns: the columns named, in that order, nothing cut.
 */
export type OutputKind = 'table' | 'wide' | 'json' | 'yaml' | 'columns';

export interface OutputFormat {
  kind: OutputKind;
  /** With kind 'columns': the names asked for, in order, as typed. */
  columns?: string[];
  /** Tables start with their header line; `--no-header` leaves it out. */
  header: boolean;
  /** `-q`: stdout carries only ids (or a list's key), one per line, whatever the kind. */
  quiet: boolean;
}

export const OUTPUT_KINDS = ['table', 'wide', 'json', 'yaml'] as const;

/** The format of `globals`, or a usage error that says which formats there are. */
export function outputFormat(globals: Pick<GlobalOptions, 'output' | 'header' | 'quiet'>): OutputFormat {
  const chosen = { header: globals.header !== false, quiet: globals.quiet === true };
  const written = (globals.output ?? 'table').trim();
  const kind = written.toLowerCase();
  if ((OUTPUT_KINDS as readonly string[]).includes(kind)) return { kind: kind as OutputKind, ...chosen };
  const columns = /^columns=(.*)$/i.exec(written);
  if (columns) {
    const names = columns[1]!.split(',').map((name) => name.trim());
    if (names.some((name) => name === '')) throw new UsageError(`-o columns= needs column names separated by commas, such as columns=id,hostname (got "${written}")`);
    return { kind: 'columns', columns: names, ...chosen };
  }
  throw new UsageError(`unknown output format "${written}": use table, wide, json, yaml or columns=NAME,NAME…`);
}

/** The formats a program reads (json, yaml): notes for people go to stderr, and a failure's problem document to stdout. */
export function isStructured(format: OutputFormat): boolean {
  return format.kind === 'json' || format.kind === 'yaml';
}

/** Table and wide with a header line and without -q: the output is read by people, so notes may go beside it on stdout. */
export function isForPeople(format: OutputFormat): boolean {
  return (format.kind === 'table' || format.kind === 'wide') && format.header && !format.quiet;
}

/** When nothing could be read from the options (a bad -o): how a failure is still reported. */
export const TABLE_FORMAT: OutputFormat = { kind: 'table', header: true, quiet: false };
