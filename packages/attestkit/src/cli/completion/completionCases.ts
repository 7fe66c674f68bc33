import type { CompletionCommand } from "./readCompletionTree.js";

/** What every shell's script decides from the words typed so far, as `<command path>|<word>` keys. */
export type CompletionCases = {
  /** Keys of an option whose value is the next word; `*` as the path for the program's options. */
  takesValue: string[];
  /** Keys of a subcommand's name under its parent: `|devnet`, `devnet|trigger`. */
  subcommands: string[];
  /** Keys of an option that names its values, with them. */
  choices: { key: string; values: readonly string[] }[];
};

/**
 * The keys a completion script matches `"$command|$word"` against, where `$command` is the command
 * path read so far (`devnet trigger`) and `$word` a word of the line: which words are an option's
 * value (skipped), which are subcommands (they extend the path), which options name their values.
 * The program's options match at every path (`*|--api`).
 *
 * @param tree - From `readCompletionTree`. {@link CompletionCommand}
 * @returns The keys. {@link CompletionCases}
 */
export function completionCases(tree: CompletionCommand[]): CompletionCases {
  const root = tree.find((command) => command.path.length === 0);
  const globalFlags = new Set(
    (root?.options ?? []).filter((option) => option.takesValue).flatMap((option) => option.flags),
  );
  const takesValue = [...globalFlags].map((flag) => `*|${flag}`);
  const subcommands: string[] = [];
  const choices: CompletionCases["choices"] = [];
  for (const command of tree) {
    const path = command.path.join(" ");
    for (const option of command.options) {
      const own = option.flags.filter((flag) => !globalFlags.has(flag));
      if (option.takesValue) for (const flag of own) takesValue.push(`${path}|${flag}`);
      if (option.choices)
        for (const flag of option.flags) {
          const key = `${globalFlags.has(flag) ? "*" : path}|${flag}`;
          if (!choices.some((choice) => choice.key === key)) choices.push({ key, values: option.choices });
        }
    }
    for (const { name } of command.subcommands) subcommands.push(`${path}|${name}`);
  }
  return { takesValue, subcommands, choices };
}
