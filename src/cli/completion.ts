// `cloudplane completion bash|zsh|fish`: a completion script written from the
// command tree commander holds, so every command and option added to the
// program is completed without anyone editing a script. The scripts keep the
// tree as `case` tables (no associative arrays: macOS still ships bash 3.2)
// and walk the words typed so far to find the command being completed.
//
// Values that live in the service (servers, firewall groups …) are not in the
// tree: where one is expected the script asks `cloudplane __complete KIND
// PREFIX` (handlers/completion.ts), which answers from the API within a
// second or prints nothing. Which arguments and options take which kind is
// read from the tree too (completion-tree.ts says how).
import type { Command } from 'commander';
import { fishScript } from './completion-fish.ts';
import { argumentKindCases, commandEntries, optionKinds, scopeFlags, type CommandEntry } from './completion-tree.ts';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The case tables and functions bash and zsh share: the tree, the walk over the typed words, the question to `__complete`. */
function sharedTables(program: Command, entries: CommandEntry[], functionPrefix: string): string {
  const name = program.name();
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
  const argumentCases = argumentKindCases(entries).map(({ pattern, kind, rest }) => `    ${quote(pattern)}${rest ? '*' : ''}) ${kind ? `echo ${kind} ` : ''};;`);
  const optionCases = [...optionKinds(entries)].map(([flag, kind]) => `    ${quote(flag)}) echo ${kind} ;;`);
  const scopeCases = scopeFlags(program).map(([flag, option]) => `        ${quote(flag)}) ${functionPrefix}_line_${option}="$word" ;;`);
  const scopeAssignments = scopeFlags(program)
    .filter(([flag]) => flag.startsWith('--'))
    .map(([flag, option]) => `      ${flag}=*) ${functionPrefix}_line_${option}="\${word#*=}"; continue ;;`);
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
    `# What positional argument $2 (from 0) of path $1 names, when ${name} can list them: servers, firewall groups …`,
    `${functionPrefix}_argument_kind() {`,
    `  case "$1|$2" in`,
    ...argumentCases,
    `  esac`,
    `}`,
    `# What the value of option $1 names, when ${name} can list them.`,
    `${functionPrefix}_option_kind() {`,
    `  case "$1" in`,
    ...optionCases,
    `  esac`,
    `}`,
    // Globals rather than echo: the caller needs several answers, and a subshell per keystroke is what makes completion slow.
    `# Walks words $1 up to (not including) $2 of ${functionPrefix}_words: sets ${functionPrefix}_command_path (the command they name),`,
    `# ${functionPrefix}_positional (how many of its arguments come before word $2) and the context and project typed on the line.`,
    `${functionPrefix}_walk() {`,
    `  local word child skip="" i`,
    `  ${functionPrefix}_command_path="" ${functionPrefix}_positional=0 ${functionPrefix}_line_context="" ${functionPrefix}_line_project=""`,
    `  for ((i = $1; i < $2; i++)); do`,
    `    word="\${${functionPrefix}_words[i]}"`,
    `    if [[ -n "$skip" ]]; then`,
    // bash splits `--context=prod` into three words at the "=": the value is the word after it.
    `      [[ "$word" == "=" ]] && continue`,
    `      case "$skip" in`,
    ...scopeCases,
    `      esac`,
    `      skip=""; continue`,
    `    fi`,
    `    case "$word" in`,
    ...scopeAssignments,
    `      --*=*) continue ;;`,
    `      -*) [[ " $(${functionPrefix}_valued "$${functionPrefix}_command_path") " == *" $word "* ]] && skip="$word"; continue ;;`,
    `    esac`,
    `    child="$(${functionPrefix}_child "$${functionPrefix}_command_path" "$word")"`,
    `    if [[ -n "$child" ]]; then`,
    `      ${functionPrefix}_command_path="\${${functionPrefix}_command_path:+$${functionPrefix}_command_path }$child" ${functionPrefix}_positional=0`,
    `    else`,
    `      ${functionPrefix}_positional=$((${functionPrefix}_positional + 1))`,
    `    fi`,
    `  done`,
    `}`,
    `# The values of kind $1 that start with $2, one a line with a tab before its description, as ${name} lists them`,
    `# for the context and project typed on the line. It answers within about a second, or prints nothing.`,
    `${functionPrefix}_ask() {`,
    '  local typed="$2"',
    '  local -a scope',
    '  scope=()',
    `  [[ -n "$${functionPrefix}_line_context" ]] && scope+=(--context "$${functionPrefix}_line_context")`,
    `  [[ -n "$${functionPrefix}_line_project" ]] && scope+=(--project "$${functionPrefix}_line_project")`,
    // Only the part before a quote or a backslash is passed: the shell filters what comes back by the word as typed anyway.
    '  typed=${typed%%\\\\*} typed=${typed%%\\\'*} typed=${typed%%\\"*}',
    `  command ${name} "\${scope[@]}" __complete "$1" -- "$typed" 2>/dev/null`,
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
${sharedTables(program, entries, prefix)}
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
# Adds the values of kind $1 that start with the word $2, each quoted as the line needs it (a name may hold spaces).
${prefix}_offer_live() {
  local line word tab=$'\\t'
  # A server or a group is never a file: offer none when the service answers nothing.
  compopt +o default 2>/dev/null
  while IFS= read -r line; do
    [[ -n "$line" ]] || continue
    printf -v word '%q' "\${line%%$tab*}"
    [[ "$word" == "$2"* ]] && COMPREPLY+=("$word")
  done < <(${prefix}_ask "$1" "$2")
}
${prefix}_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" kind choices
  COMPREPLY=()
  ${prefix}_words=("\${COMP_WORDS[@]}")
  ${prefix}_walk 1 "$COMP_CWORD"
  if [[ "$prev" == -* && " $(${prefix}_valued "$${prefix}_command_path") " == *" $prev "* ]]; then
    kind="$(${prefix}_option_kind "$prev")"
    if [[ -n "$kind" ]]; then
      ${prefix}_offer_live "$kind" "$cur"
      return 0
    fi
    choices="$(${prefix}_choices "$${prefix}_command_path" "$prev")"
    # An option value without a list of choices (a file) is left to bash's default completion.
    [[ -n "$choices" ]] && COMPREPLY=($(compgen -W "$choices" -- "$cur"))
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(${prefix}_options "$${prefix}_command_path")" -- "$cur"))
    return 0
  fi
  kind="$(${prefix}_argument_kind "$${prefix}_command_path" "$${prefix}_positional")"
  if [[ -n "$kind" ]]; then
    ${prefix}_offer_live "$kind" "$cur"
  else
    COMPREPLY=($(compgen -W "$(${prefix}_subcommands "$${prefix}_command_path")" -- "$cur"))
  fi
  return 0
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
${sharedTables(program, entries, prefix)}
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
# Offers the values of kind $1 that start with the word $2, each with its description.
${prefix}_offer_live() {
  local line word description tab=$'\\t'
  local -a described
  for line in \${(f)"$(${prefix}_ask "$1" "$2")"}; do
    word="\${line%%$tab*}"
    [[ "$line" == *$tab* ]] && description="\${line#*$tab}" || description=""
    described+=("\${word//:/\\\\:}\${description:+:$description}")
  done
  (( \${#described} )) && _describe -t "$1" "$1" described
}
${prefix}() {
  local choices kind prev="\${words[CURRENT-1]}"
  local -a reply
  # zsh arrays start at 1: the command name is words[1], so the walk starts at 2.
  ${prefix}_words=("\${words[@]}")
  ${prefix}_walk 2 "$CURRENT"
  if [[ "$prev" == -* && " $(${prefix}_valued "$${prefix}_command_path") " == *" $prev "* ]]; then
    kind="$(${prefix}_option_kind "$prev")"
    choices="$(${prefix}_choices "$${prefix}_command_path" "$prev")"
    if [[ -n "$kind" ]]; then ${prefix}_offer_live "$kind" "\${words[CURRENT]}"
    elif [[ -n "$choices" ]]; then compadd -- \${=choices}
    else _files; fi
    return
  fi
  if [[ "\${words[CURRENT]}" == -* ]]; then
    ${prefix}_described_options "$${prefix}_command_path"
    _describe -t options 'option' reply
    return
  fi
  kind="$(${prefix}_argument_kind "$${prefix}_command_path" "$${prefix}_positional")"
  if [[ -n "$kind" ]]; then
    ${prefix}_offer_live "$kind" "\${words[CURRENT]}"
  else
    ${prefix}_described_commands "$${prefix}_command_path"
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
  if (shell === 'fish') return fishScript(program);
  return shell === 'zsh' ? zshScript(program) : bashScript(program);
}
