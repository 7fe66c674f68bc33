import { completionCases } from "./completionCases.js";
import type { CompletionCommand } from "./readCompletionTree.js";
import { shellPattern } from "./shellPattern.js";
import { shellWords } from "./shellWords.js";

/**
 * The bash completion script: `_attestkit` reads the command path from the words before the cursor
 * (skipping options' values), then offers the path's subcommands, its options after a `-`, an
 * option's choices after it, and file names where nothing else fits (`complete -o default`).
 *
 * @param tree - From `readCompletionTree`. {@link CompletionCommand}
 * @returns The script, lines joined by `\n`.
 */
export function renderBashCompletion(tree: CompletionCommand[]): string {
  const cases = completionCases(tree);
  const byPath = (pick: (command: CompletionCommand) => readonly string[]) =>
    tree
      .map((command) => ({ path: command.path.join(" "), words: pick(command) }))
      .filter(({ words }) => words.length > 0)
      .map(({ path, words }) => `      "${path}") words=${shellWords(words)} ;;`);
  return [
    "# attestkit completion for bash. Load it with: source <(attestkit completion bash)",
    "_attestkit() {",
    `  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}`,
    '  local cmd="" word skip="" words="" i',
    "  for ((i = 1; i < COMP_CWORD; i++)); do",
    `    word=\${COMP_WORDS[i]}`,
    '    if [[ -n $skip ]]; then skip=""; continue; fi',
    '    case "$cmd|$word" in',
    `      ${shellPattern(cases.takesValue)}) skip=1 ;;`,
    `      ${shellPattern(cases.subcommands)}) cmd=\${cmd:+$cmd }$word ;;`,
    "    esac",
    "  done",
    '  case "$cmd|$prev" in',
    ...cases.choices.map(
      ({ key, values }) =>
        `    ${shellPattern([key])}) COMPREPLY=($(compgen -W ${shellWords(values)} -- "$cur")); return ;;`,
    ),
    // A value without choices: nothing here, so `-o default` offers file names.
    `    ${shellPattern(cases.takesValue)}) return ;;`,
    "  esac",
    "  if [[ $cur == -* ]]; then",
    '    case "$cmd" in',
    ...byPath((command) => command.options.flatMap((option) => option.flags)),
    "    esac",
    "  else",
    '    case "$cmd" in',
    ...byPath((command) => [
      ...command.subcommands.map(({ name }) => name),
      ...(command.argumentChoices ?? []),
    ]),
    "      *) return ;;",
    "    esac",
    "  fi",
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    "}",
    "complete -o default -F _attestkit attestkit",
  ].join("\n");
}
