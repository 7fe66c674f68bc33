import { completionCases } from "./completionCases.js";
import type { CompletionCommand } from "./readCompletionTree.js";

/**
 * The fish completion script: `__attestkit_command` reads the command path from the words before
 * the cursor (skipping options' values), and one `complete` line per subcommand and option offers
 * it where the path is its parent's (the program's options everywhere), with its description and
 * choices.
 *
 * @param tree - From `readCompletionTree`. {@link CompletionCommand}
 * @returns The script, lines joined by `\n`.
 */
export function renderFishCompletion(tree: CompletionCommand[]): string {
  const cases = completionCases(tree);
  const root = tree.find((command) => command.path.length === 0);
  const global = new Set((root?.options ?? []).flatMap((option) => option.flags));
  const lines = [
    "# attestkit completion for fish. Load it with: attestkit completion fish | source",
    "function __attestkit_command",
    "    set -l words (commandline -opc)",
    "    set -e words[1]",
    '    set -l cmd ""',
    "    set -l skip 0",
    "    for word in $words",
    "        if test $skip = 1",
    "            set skip 0",
    "            continue",
    "        end",
    '        switch "$cmd|$word"',
    // A case with no patterns is a syntax error: "(none)" never matches (every subject holds a |).
    `            case ${cases.takesValue.map((key) => quote(key)).join(" ") || "'(none)'"}`,
    "                set skip 1",
    `            case ${cases.subcommands.map((key) => quote(key)).join(" ") || "'(none)'"}`,
    '                set cmd (string trim -- "$cmd $word")',
    "        end",
    "    end",
    '    echo "$cmd"',
    "end",
    "function __attestkit_at",
    "    set -l cmd (__attestkit_command)",
    '    test "$cmd" = "$argv[1]"',
    "end",
  ];
  for (const command of tree) {
    const at = `-n ${quote(`__attestkit_at ${quote(command.path.join(" "), '"')}`)}`;
    for (const { name, description } of command.subcommands)
      lines.push(`complete -c attestkit ${at} -f -a ${quote(name)} -d ${quote(oneLine(description))}`);
    if (command.argumentChoices)
      lines.push(`complete -c attestkit ${at} -f -a ${quote(command.argumentChoices.join(" "))}`);
    for (const option of command.options) {
      // The program's options and --help are offered once, at every level.
      const everywhere = option.flags.every((flag) => global.has(flag)) || option.flags.includes("--help");
      if (everywhere && command.path.length > 0) continue;
      const flags = option.flags.map((flag) =>
        flag.startsWith("--") ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`,
      );
      const value = option.choices
        ? `-x -a ${quote(option.choices.join(" "))}`
        : option.takesValue
          ? "-r"
          : "";
      lines.push(
        [
          "complete -c attestkit",
          everywhere ? "" : at,
          ...flags,
          value,
          `-d ${quote(oneLine(option.description))}`,
        ]
          .filter(Boolean)
          .join(" "),
      );
    }
  }
  return lines.join("\n");
}

/** A quoted fish word: single quotes (or double, for a word inside a single-quoted condition). */
function quote(text: string, mark: "'" | '"' = "'"): string {
  if (mark === '"') return `"${text.replace(/[\\"$]/g, "\\$&")}"`;
  return `'${text.replace(/[\\']/g, "\\$&")}'`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ");
}
