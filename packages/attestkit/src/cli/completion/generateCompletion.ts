import type { Command } from "commander";
import { readCompletionTree } from "./readCompletionTree.js";
import { renderBashCompletion } from "./renderBashCompletion.js";
import { renderFishCompletion } from "./renderFishCompletion.js";
import { renderZshCompletion } from "./renderZshCompletion.js";

/** The shells `attestkit completion` writes a script for. */
export type CompletionShell = "bash" | "zsh" | "fish";

export type GenerateCompletionParameters = {
  /** The `attestkit` program, whose commands and options are completed. */
  program: Command;
  shell: CompletionShell;
};

/**
 * The completion script of `shell` for the program: its commands, subcommands, options (with the
 * choices of those that name them) and file names for the rest, read from the commander program,
 * so a new command or option is completed without touching the scripts.
 *
 * @param parameters - {@link GenerateCompletionParameters}
 * @returns The script, lines joined by `\n`.
 * @example
 * generateCompletion({ program: createProgram(), shell: "bash" }) // "# attestkit completion for bash ..."
 */
export function generateCompletion({ program, shell }: GenerateCompletionParameters): string {
  const tree = readCompletionTree(program);
  if (shell === "zsh") return renderZshCompletion(tree);
  if (shell === "fish") return renderFishCompletion(tree);
  return renderBashCompletion(tree);
}
