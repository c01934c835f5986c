// The command tree as the completion scripts see it (completion.ts,
// completion-fish.ts): each command's path, subcommands, options and option
// choices, and which arguments and options name something the service holds
// (a server, a firewall group …), so the scripts can ask `cloudplane
// __complete KIND` for it.
import { Help, type Argument, type Command, type Option } from 'commander';

/** What `cloudplane __complete KIND` can list. */
export const COMPLETION_KINDS = ['server', 'firewall-group', 'ssh-key', 'snapshot', 'project', 'context', 'image', 'location', 'product', 'iso'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

export function isCompletionKind(value: string): value is CompletionKind {
  return (COMPLETION_KINDS as readonly string[]).includes(value);
}

/*
 * Which values complete live is decided by name, so a command added later
 * gets it without a line here:
 *   - an argument or an option named after a kind completes that kind:
 *     `<server>`, `--server`, `<group>`, `--ssh-key`, `--project`, `--image`;
 *     a plural is its singular (`[groups...]`), and in this CLI a "group" is
 *     always a firewall group and a "key" an SSH key;
 *   - an argument with a generic name (`<id>`, `<name>`, `<slug>`) completes
 *     what its command group holds (`ssh-keys delete <id>`, `context use
 *     <name>`, `projects rename <slug>`): only the first argument, since a
 *     later one is a new value (`rename <id> <name>`), and never in `create`
 *     or `add`, which name something that does not exist yet.
 * A name that is no kind (`<hostname>`, `<rule>`, `actions describe <id>`)
 * completes nothing live.
 */
const KIND_BY_NAME: Record<string, CompletionKind> = {
  server: 'server',
  group: 'firewall-group',
  'firewall-group': 'firewall-group',
  key: 'ssh-key',
  'ssh-key': 'ssh-key',
  snapshot: 'snapshot',
  project: 'project',
  context: 'context',
  image: 'image',
  location: 'location',
  product: 'product',
  iso: 'iso',
};
const GENERIC_ARGUMENT_NAMES = new Set(['id', 'name', 'slug']);
const COMMANDS_THAT_NAME_A_NEW_ONE = new Set(['create', 'add']);
/** The program options that choose which service and project the candidates come from: passed on to `__complete`. */
const SCOPE_OPTIONS = new Set(['context', 'project']);

function kindOfName(name: string): CompletionKind | null {
  return KIND_BY_NAME[name] ?? KIND_BY_NAME[name.replace(/s$/, '')] ?? null;
}

function kindOfArgument(command: Command, argument: Argument, position: number): CompletionKind | null {
  const own = kindOfName(argument.name());
  if (own) return own;
  if (!GENERIC_ARGUMENT_NAMES.has(argument.name()) || position > 0 || COMMANDS_THAT_NAME_A_NEW_ONE.has(command.name())) return null;
  return command.parent ? kindOfName(command.parent.name()) : null;
}

function kindOfOption(option: Option): CompletionKind | null {
  return option.required || option.optional ? kindOfName(option.name()) : null;
}

export interface OptionEntry {
  flags: string[];
  takesValue: boolean;
  choices: string[];
  description: string;
  kind: CompletionKind | null;
}

export interface CommandEntry {
  /** Canonical names from the root, joined by spaces ("" for the program itself). */
  path: string;
  children: { name: string; aliases: string[]; description: string }[];
  options: OptionEntry[];
  /** The kind each positional argument completes, by position. */
  argumentKinds: (CompletionKind | null)[];
  /** A variadic last argument: every position from argumentKinds.length - 1 on takes its kind. */
  variadic: boolean;
}

const HELP: OptionEntry = { flags: ['--help', '-h'], takesValue: false, choices: [], description: 'show help', kind: null };

function optionEntry(option: Option): OptionEntry {
  return {
    flags: [option.long, option.short].filter((flag): flag is string => typeof flag === 'string'),
    takesValue: option.required || option.optional,
    choices: option.argChoices ?? [],
    description: option.description,
    kind: kindOfOption(option),
  };
}

/** Every visible command of the tree (not `__complete`, not commander's implicit `help`); the program's own options apply at every level, so each entry lists them too. */
export function commandEntries(program: Command): CommandEntry[] {
  const help = new Help();
  const globalOptions = program.options.filter((option) => !option.hidden).map(optionEntry);
  const entries: CommandEntry[] = [];
  const visit = (command: Command, path: string) => {
    const own = command === program ? [] : command.options.filter((option) => !option.hidden).map(optionEntry);
    const children = help.visibleCommands(command).filter((child) => command.commands.includes(child));
    entries.push({
      path,
      children: children.map((child) => ({ name: child.name(), aliases: child.aliases(), description: child.summary() || child.description() })),
      options: [...own, ...globalOptions, HELP],
      argumentKinds: command.registeredArguments.map((argument, position) => kindOfArgument(command, argument, position)),
      variadic: command.registeredArguments.at(-1)?.variadic ?? false,
    });
    for (const child of children) visit(child, path ? `${path} ${child.name()}` : child.name());
  };
  visit(program, '');
  return entries;
}

/** Each flag that takes a value of some kind, once: an option's name means the same kind wherever it appears. */
export function optionKinds(entries: CommandEntry[]): Map<string, CompletionKind> {
  const kinds = new Map<string, CompletionKind>();
  for (const option of entries.flatMap((entry) => entry.options)) for (const flag of option.flags) if (option.kind) kinds.set(flag, option.kind);
  return kinds;
}

/** The program's flags that choose the context or the project (`--context`, `-p`, `--project`), with the option each sets. */
export function scopeFlags(program: Command): [flag: string, option: string][] {
  return program.options
    .filter((option) => SCOPE_OPTIONS.has(option.attributeName()))
    .flatMap((option) => [option.long, option.short].filter((flag): flag is string => typeof flag === 'string').map((flag): [string, string] => [flag, option.attributeName()]));
}

/**
 * The rows of the scripts' table "which kind does positional argument N of this path take": `path|N`, and for a
 * variadic argument of a kind a last row `path|` that the script ends with its catch-all (`rest`).
 */
export function argumentKindCases(entries: CommandEntry[]): { pattern: string; kind: CompletionKind | null; rest: boolean }[] {
  return entries.flatMap((entry) => {
    const last = entry.argumentKinds.length - 1;
    const restKind = entry.variadic ? entry.argumentKinds[last] ?? null : null;
    const fixed = entry.argumentKinds.slice(0, restKind ? last : undefined);
    // Before a variadic's catch-all, every earlier position needs its own line, even a kindless one, or the catch-all takes it.
    const cases = fixed.flatMap((kind, position) => (kind || restKind ? [{ pattern: `${entry.path}|${position}`, kind, rest: false }] : []));
    return restKind ? [...cases, { pattern: `${entry.path}|`, kind: restKind, rest: true }] : cases;
  });
}
