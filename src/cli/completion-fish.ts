// `cloudplane completion fish`: the same tables as the bash and zsh scripts
// (completion.ts), in fish's own syntax, and one function that walks the
// tokens typed so far and prints what fits at the cursor, a tab before each
// description, as fish wants them. fish filters them by the token itself.
//
// Every `switch` value starts with a fixed word or the command path and a
// "|", never with the typed word itself: `switch` and `case` would take a
// leading "-" for an option of their own.
import type { Command } from 'commander';
import { argumentKindCases, commandEntries, optionKinds, scopeFlags } from './completion-tree.ts';

/** fish's single quotes: only \\ and \' are escapes. */
const quote = (text: string) => `'${text.replace(/[\\']/g, (character) => `\\${character}`)}'`;

/** A function of one `switch` over `value` (fish syntax), one `case` per row. */
function switchFunction(name: string, comment: string, argumentNames: string[], value: string, cases: [pattern: string, body: string][]): string {
  return [
    `# ${comment}`,
    `function ${name} --argument-names ${argumentNames.join(' ')}`,
    `    switch ${value}`,
    ...cases.flatMap(([pattern, body]) => [`        case ${pattern}`, ...(body ? [`            ${body}`] : [])]),
    `    end`,
    `end`,
  ].join('\n');
}

/** `printf` prints each group of arguments with the format again: one line per word, or per word and its description. */
const lines = (words: string[]) => (words.length > 0 ? `printf '%s\\n' ${words.map(quote).join(' ')}` : '');
const describedLines = (rows: [word: string, description: string][]) => `printf '%s\\t%s\\n' ${rows.flatMap(([word, description]) => [quote(word), quote(description)]).join(' ')}`;

export function fishScript(program: Command): string {
  const entries = commandEntries(program);
  const name = program.name();
  const prefix = `__${name.replace(/\W/g, '_')}`;

  const children = switchFunction(`${prefix}_child`, 'The canonical name of word $word when it is a subcommand (or alias) of $command_path.', ['command_path', 'word'], '"$command_path|$word"',
    entries.flatMap((entry) => entry.children.flatMap((child) => [child.name, ...child.aliases].map((word): [string, string] => [quote(`${entry.path}|${word}`), `echo ${quote(child.name)}`]))),
  );
  const subcommands = switchFunction(`${prefix}_subcommands`, 'The subcommands of $command_path, described.', ['command_path'], '"|$command_path"',
    entries.filter((entry) => entry.children.length > 0).map((entry) => [quote(`|${entry.path}`), describedLines(entry.children.map((child) => [child.name, child.description]))]),
  );
  const options = switchFunction(`${prefix}_options`, 'The options of $command_path, described.', ['command_path'], '"|$command_path"',
    entries.map((entry) => [quote(`|${entry.path}`), describedLines(entry.options.flatMap((option) => option.flags.map((flag): [string, string] => [flag, option.description])))]),
  );
  const valued = switchFunction(`${prefix}_valued`, 'The options of $command_path that take a value.', ['command_path'], '"|$command_path"',
    entries.map((entry) => [quote(`|${entry.path}`), lines(entry.options.filter((option) => option.takesValue).flatMap((option) => option.flags))]),
  );
  const choices = switchFunction(`${prefix}_choices`, 'The values option $flag of $command_path accepts, when it names them.', ['command_path', 'flag'], '"$command_path|$flag"',
    entries.flatMap((entry) => entry.options.filter((option) => option.choices.length > 0).flatMap((option) => option.flags.map((flag): [string, string] => [quote(`${entry.path}|${flag}`), lines(option.choices)]))),
  );
  const argumentKinds = switchFunction(`${prefix}_argument_kind`, `What positional argument $position (from 0) of $command_path names, when ${name} can list them.`, ['command_path', 'position'], '"$command_path|$position"',
    // fish's case patterns are globs even when quoted: the variadic's "path|*" comes after the fixed positions before it.
    argumentKindCases(entries).map(({ pattern, kind, rest }) => [quote(`${pattern}${rest ? '*' : ''}`), kind ? `echo ${kind}` : '']),
  );
  const optionKind = switchFunction(`${prefix}_option_kind`, `What the value of option $flag names, when ${name} can list them.`, ['flag'], '"|$flag"',
    [...optionKinds(entries)].map(([flag, kind]) => [quote(`|${flag}`), `echo ${kind}`]),
  );
  const scopeCases = scopeFlags(program).flatMap(([flag, option]) => [
    `            case ${quote(`|${flag}`)}`,
    `                set scope $scope --${option} $word`,
  ]);
  const scopeAssignments = scopeFlags(program)
    .filter(([flag]) => flag.startsWith('--'))
    .flatMap(([flag, option]) => [
      `            case ${quote(`|${flag}=*`)}`,
      `                set scope $scope --${option} (string replace -- ${quote(`${flag}=`)} '' $word)`,
      `                continue`,
    ]);

  return `# fish completion for ${name}, written by \`${name} completion fish\` from this version's commands.
# Load it with:  ${name} completion fish | source
# or save it as ~/.config/fish/completions/${name}.fish
${children}
${subcommands}
${options}
${valued}
${choices}
${argumentKinds}
${optionKind}
# The values of kind $kind, one a line with a tab before its description, as ${name} lists them for the context and
# project given after them ($argv[3..]). It answers within about a second, or prints nothing.
function ${prefix}_ask --argument-names kind typed
    # Only the part before a quote or a backslash: fish filters what comes back by the token as typed anyway.
    set typed (string replace -r -- '[\\\\\\\\\\'"].*' '' $typed)
    command ${name} $argv[3..-1] __complete $kind -- $typed 2>/dev/null
end
# What fits at the cursor, from the tokens typed before it.
function ${prefix}_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    set -e tokens[1]
    set -l command_path ''
    set -l positional 0
    set -l scope
    set -l skip ''
    set -l previous ''
    set -l kind ''
    set -l choices
    for word in $tokens
        set previous $word
        if test -n "$skip"
            switch "|$skip"
${scopeCases.join('\n')}
            end
            set skip ''
            continue
        end
        switch "|$word"
${scopeAssignments.join('\n')}
            case '|--*=*'
                continue
            case '|-*'
                contains -- $word (${prefix}_valued $command_path); and set skip $word
                continue
        end
        set -l child (${prefix}_child $command_path $word)
        if test -n "$child"
            set command_path (string trim -- "$command_path $child")
            set positional 0
        else
            set positional (math $positional + 1)
        end
    end
    if string match -q -- '-*' "$previous"; and contains -- $previous (${prefix}_valued $command_path)
        set kind (${prefix}_option_kind $previous)
        set choices (${prefix}_choices $command_path $previous)
        if test -n "$kind"
            ${prefix}_ask $kind $current $scope
        else if test (count $choices) -gt 0
            printf '%s\\n' $choices
        else
            __fish_complete_path $current
        end
        return
    end
    if string match -q -- '-*' "$current"
        ${prefix}_options $command_path
        return
    end
    set kind (${prefix}_argument_kind $command_path $positional)
    if test -n "$kind"
        ${prefix}_ask $kind $current $scope
    else
        ${prefix}_subcommands $command_path
    end
end
complete -c ${name} -e
complete -c ${name} -f -a '(${prefix}_complete)'
`;
}
