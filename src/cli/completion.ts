// `cloudplane completion bash|zsh`: a completion script written from the
// command tree commander holds, so every command and option added to the
// program is completed without anyone editing a script. The scripts keep the
// tree as `case` tables (no associative arrays: macOS still ships bash 3.2)
// and walk the words typed so far to find the command being completed.
import type { Command, Option } from 'commander';

interface OptionEntry {
  flags: string[];
  takesValue: boolean;
  choices: string[];
  description: string;
}

interface CommandEntry {
  /** Canonical names from the root, joined by spaces ("" for the program itself). */
  path: string;
  children: { name: string; aliases: string[]; description: string }[];
  options: OptionEntry[];
}

const HELP: OptionEntry = { flags: ['--help', '-h'], takesValue: false, choices: [], description: 'show help' };

function optionEntry(option: Option): OptionEntry {
  return {
    flags: [option.long, option.short].filter((flag): flag is string => typeof flag === 'string'),
    takesValue: option.required || option.optional,
    choices: option.argChoices ?? [],
    description: option.description,
  };
}

/** Every command of the tree; the program's own options apply at every level, so each entry lists them too. */
export function commandEntries(program: Command): CommandEntry[] {
  const globalOptions = program.options.filter((option) => !option.hidden).map(optionEntry);
  const entries: CommandEntry[] = [];
  const visit = (command: Command, path: string) => {
    const own = command === program ? [] : command.options.filter((option) => !option.hidden).map(optionEntry);
    entries.push({
      path,
      children: command.commands.map((child) => ({ name: child.name(), aliases: child.aliases(), description: child.summary() || child.description() })),
      options: [...own, ...globalOptions, HELP],
    });
    for (const child of command.commands) visit(child, path ? `${path} ${child.name()}` : child.name());
  };
  visit(program, '');
  return entries;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The case tables both shells share: which word is a child of which path, which options take a value, their choices. */
function sharedTables(entries: CommandEntry[], functionPrefix: string): string {
  const childCases = entries.flatMap((entry) =>
    entry.children.flatMap((child) => [child.name, ...child.aliases].map((word) => `    ${quote(`${entry.path}|${word}`)}) echo ${quote(child.name)} ;;`)),
  );
  const valuedCases = entries.map((entry) => {
    const valued = entry.options.filter((option) => option.takesValue).flatMap((option) => option.flags);
    return `    ${quote(entry.path)}) echo ${quote(valued.join(' '))} ;;`;
  });
  const choiceCases = entries.flatMap((entry) =>
    entry.options.filter((option) => option.choices.length > 0).flatMap((option) => option.flags.map((flag) => `    ${quote(`${entry.path}|${flag}`)}) echo ${quote(option.choices.join(' '))} ;;`)),
  );
  return [
    `# The canonical name of word $2 when it is a subcommand (or alias) of path $1.`,
    `${functionPrefix}_child() {`,
    `  case "$1|$2" in`,
    ...childCases,
    `  esac`,
    `}`,
    `# The options of path $1 that take a value.`,
    `${functionPrefix}_valued() {`,
    `  case "$1" in`,
    ...valuedCases,
    `  esac`,
    `}`,
    `# The values option $2 of path $1 accepts, when it names them.`,
    `${functionPrefix}_choices() {`,
    `  case "$1|$2" in`,
    ...choiceCases,
    `  esac`,
    `}`,
    // The command path typed so far: options and their values are skipped, positional arguments ignored.
    `${functionPrefix}_path() {`,
    // Not "path": in zsh that name is the array tied to PATH.
    `  local command_path="" word child skip=0 i`,
    `  for ((i = $1; i < $2; i++)); do`,
    `    word="\${${functionPrefix}_words[i]}"`,
    `    if ((skip)); then skip=0; continue; fi`,
    `    case "$word" in`,
    `      --*=*) continue ;;`,
    `      -*) [[ " $(${functionPrefix}_valued "$command_path") " == *" $word "* ]] && skip=1; continue ;;`,
    `    esac`,
    `    child="$(${functionPrefix}_child "$command_path" "$word")"`,
    `    [[ -n "$child" ]] && command_path="\${command_path:+$command_path }$child"`,
    `  done`,
    `  echo "$command_path"`,
    `}`,
  ].join('\n');
}

export function bashScript(program: Command): string {
  const entries = commandEntries(program);
  const name = program.name();
  const prefix = `_${name.replace(/\W/g, '_')}`;
  const wordCases = entries.map((entry) => {
    const words = entry.children.map((child) => child.name);
    return `    ${quote(entry.path)}) echo ${quote(words.join(' '))} ;;`;
  });
  const optionCases = entries.map((entry) => `    ${quote(entry.path)}) echo ${quote(entry.options.flatMap((option) => option.flags).join(' '))} ;;`);
  return `# bash completion for ${name}, written by \`${name} completion bash\` from this version's commands.
# Load it in ~/.bashrc with:  source <(${name} completion bash)
${sharedTables(entries, prefix)}
${prefix}_subcommands() {
  case "$1" in
${wordCases.join('\n')}
  esac
}
${prefix}_options() {
  case "$1" in
${optionCases.join('\n')}
  esac
}
${prefix}_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" command_path choices
  ${prefix}_words=("\${COMP_WORDS[@]}")
  command_path="$(${prefix}_path 1 "$COMP_CWORD")"
  if [[ "$prev" == -* && " $(${prefix}_valued "$command_path") " == *" $prev "* ]]; then
    choices="$(${prefix}_choices "$command_path" "$prev")"
    # An option value without a list of choices (a name, a file) is left to bash's default completion.
    [[ -n "$choices" ]] && COMPREPLY=($(compgen -W "$choices" -- "$cur"))
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(${prefix}_options "$command_path")" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$(${prefix}_subcommands "$command_path")" -- "$cur"))
  fi
}
complete -o default -F ${prefix}_complete ${name}
`;
}

export function zshScript(program: Command): string {
  const entries = commandEntries(program);
  const name = program.name();
  const prefix = `_${name.replace(/\W/g, '_')}`;
  const describe = (word: string, description: string) => quote(`${word.replace(/:/g, '\\:')}:${description}`);
  const commandCases = entries.map((entry) => `    ${quote(entry.path)}) reply=(${entry.children.map((child) => describe(child.name, child.description)).join(' ')}) ;;`);
  const optionCases = entries.map(
    (entry) => `    ${quote(entry.path)}) reply=(${entry.options.flatMap((option) => option.flags.map((flag) => describe(flag, option.description))).join(' ')}) ;;`,
  );
  return `#compdef ${name}
# zsh completion for ${name}, written by \`${name} completion zsh\` from this version's commands.
# Load it in ~/.zshrc, after compinit, with:  source <(${name} completion zsh)
# or save it as ${prefix} in a directory of $fpath.
${sharedTables(entries, prefix)}
${prefix}_described_commands() {
  case "$1" in
${commandCases.join('\n')}
    *) reply=() ;;
  esac
}
${prefix}_described_options() {
  case "$1" in
${optionCases.join('\n')}
    *) reply=() ;;
  esac
}
${prefix}() {
  local command_path choices prev="\${words[CURRENT-1]}"
  local -a reply
  # zsh arrays start at 1: the command name is words[1], so the walk starts at 2.
  ${prefix}_words=("\${words[@]}")
  command_path="$(${prefix}_path 2 "$CURRENT")"
  if [[ "$prev" == -* && " $(${prefix}_valued "$command_path") " == *" $prev "* ]]; then
    choices="$(${prefix}_choices "$command_path" "$prev")"
    if [[ -n "$choices" ]]; then compadd -- \${=choices}; else _files; fi
    return
  fi
  if [[ "\${words[CURRENT]}" == -* ]]; then
    ${prefix}_described_options "$command_path"
    _describe -t options 'option' reply
  else
    ${prefix}_described_commands "$command_path"
    _describe -t commands 'command' reply
  fi
}
# Sourced: register the function. Autoloaded from a file named ${prefix} in $fpath: this body is the function, so complete now.
if [[ "\${funcstack[1]}" == ${prefix} ]]; then
  ${prefix} "$@"
else
  compdef ${prefix} ${name}
fi
`;
}

export function completionScript(shell: string, program: Command): string {
  return shell === 'zsh' ? zshScript(program) : bashScript(program);
}
