import { Argument, type Command } from "commander";
import type { Io } from "../io.js";

/** Registers `attestkit completion SHELL`; the scripts are generated when the command runs. */
export function registerCompletion(program: Command, io: Io): void {
  program
    .command("completion")
    .description("Print the shell completion script of attestkit: commands, subcommands and options")
    .addArgument(new Argument("<SHELL>", "the shell").choices(["bash", "zsh", "fish"]))
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit completion bash > ~/.local/share/bash-completion/completions/attestkit",
        "  $ source <(attestkit completion bash)           # this shell only; also in ~/.bashrc",
        "  $ attestkit completion zsh > $fpath[1]/_attestkit",
        "  $ attestkit completion fish > ~/.config/fish/completions/attestkit.fish",
        "",
        "The script is generated from the command line itself, so it completes this version's commands.",
        "Exit codes: 0 printed, 2 an unknown SHELL.",
      ].join("\n"),
    )
    .action(async (shell: "bash" | "zsh" | "fish", _options: unknown, command: Command) => {
      const { generateCompletion } = await import("../completion/generateCompletion.js");
      const root = command.parent ?? command;
      for (const line of generateCompletion({ program: root, shell }).split("\n")) io.out(line);
    });
}
