import { completionCases } from "./completionCases.js";
import type { CompletionCommand } from "./readCompletionTree.js";
import { shellPattern } from "./shellPattern.js";
import { shellWords } from "./shellWords.js";

/**
 * The zsh completion script, for `$fpath` (as `_attestkit`) or `source`: `_attestkit` reads the
 * command path from the words before the cursor (skipping options' values), then offers the path's
 * subcommands and options with their descriptions, an option's choices after it, and files where
 * nothing else fits.
 *
 * @param tree - From `readCompletionTree`. {@link CompletionCommand}
 * @returns The script, lines joined by `\n`.
 */
export function renderZshCompletion(tree: CompletionCommand[]): string {
  const cases = completionCases(tree);
  const described = (name: string, description: string) =>
    quote(`${name.replace(/:/g, "\\:")}:${description.replace(/\s+/g, " ")}`);
  const byPath = (pick: (command: CompletionCommand) => string[]) =>
    tree
      .map((command) => ({ path: command.path.join(" "), items: pick(command) }))
      .filter(({ items }) => items.length > 0)
      .map(({ path, items }) => `      "${path}") items=(${items.join(" ")}) ;;`);
  return [
    "#compdef attestkit",
    "# attestkit completion for zsh. Load it with: source <(attestkit completion zsh) after compinit,",
    "# or save it as _attestkit in a directory of $fpath.",
    "_attestkit() {",
    '  local cmd="" word skip="" prev i',
    "  local -a items",
    "  for (( i = 2; i < CURRENT; i++ )); do",
    "    word=$words[i]",
    '    if [[ -n $skip ]]; then skip=""; continue; fi',
    '    case "$cmd|$word" in',
    `      ${shellPattern(cases.takesValue)}) skip=1 ;;`,
    `      ${shellPattern(cases.subcommands)}) cmd=\${cmd:+$cmd }$word ;;`,
    "    esac",
    "  done",
    "  prev=$words[CURRENT-1]",
    '  case "$cmd|$prev" in',
    ...cases.choices.map(
      ({ key, values }) =>
        `    ${shellPattern([key])}) compadd -- ${shellWords(values, { quoted: false })}; return ;;`,
    ),
    `    ${shellPattern(cases.takesValue)}) _files; return ;;`,
    "  esac",
    "  if [[ $words[CURRENT] == -* ]]; then",
    '    case "$cmd" in',
    ...byPath((command) =>
      command.options.flatMap((option) => option.flags.map((flag) => described(flag, option.description))),
    ),
    "    esac",
    "    _describe -t options option items",
    "  else",
    '    case "$cmd" in',
    ...byPath((command) => [
      ...command.subcommands.map(({ name, description }) => described(name, description)),
      ...(command.argumentChoices ?? []).map((choice) => quote(choice)),
    ]),
    "      *) _files; return ;;",
    "    esac",
    "    _describe -t commands command items",
    "  fi",
    "}",
    // Autoloaded from $fpath the file is the function's body: complete now. Sourced: register.
    'if [[ "$funcstack[1]" == _attestkit ]]; then',
    '  _attestkit "$@"',
    "else",
    "  compdef _attestkit attestkit",
    "fi",
  ].join("\n");
}

/** A single-quoted zsh word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
