import type { Command } from "commander";

/** One option as a shell completes it. */
export type CompletionOption = {
  /** Its flags: `--file`, and `-f` when it has a short one. */
  flags: string[];
  description: string;
  /** True when the next word is its value. */
  takesValue: boolean;
  /** The values it accepts, when it names them (`--engine`: auto, native, noble). */
  choices: readonly string[] | undefined;
};

/** One command (the program itself too) as a shell completes it. */
export type CompletionCommand = {
  /** Its names from the program down: `[]`, `["devnet"]`, `["devnet", "trigger"]`. */
  path: string[];
  subcommands: { name: string; description: string }[];
  /** Its own options, then the program's (read at every level), then `--help`. */
  options: CompletionOption[];
  /** The values its first argument accepts, when it names them (`completion`: bash, zsh, fish). */
  argumentChoices: readonly string[] | undefined;
};

/**
 * Reads what a shell needs to complete the command line from the commander program itself: every
 * command and subcommand, its options (which take a value, with which choices) and the choices of
 * its argument. Hidden options are left out; the program's options are offered at every level,
 * since they are read before or after a command's name.
 *
 * @param program - The `attestkit` program.
 * @returns Every command, the program first, parents before their subcommands. {@link CompletionCommand}
 * @example
 * readCompletionTree(createProgram()).find((c) => c.path.join(" ") === "devnet trigger")
 */
export function readCompletionTree(program: Command): CompletionCommand[] {
  const global = program.options.filter((option) => !option.hidden).map(toCompletionOption);
  const help: CompletionOption = {
    flags: ["--help", "-h"],
    description: "display help for command",
    takesValue: false,
    choices: undefined,
  };
  const walk = (command: Command, path: string[]): CompletionCommand[] => {
    const own =
      path.length === 0 ? [] : command.options.filter((option) => !option.hidden).map(toCompletionOption);
    const seen = new Set(own.flatMap((option) => option.flags));
    const options = [
      ...own,
      ...global.filter((option) => !option.flags.some((flag) => seen.has(flag))),
      help,
    ];
    return [
      {
        path,
        subcommands: command.commands.map((sub) => ({ name: sub.name(), description: sub.description() })),
        options,
        argumentChoices: command.registeredArguments[0]?.argChoices,
      },
      ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()])),
    ];
  };
  return walk(program, []);
}

function toCompletionOption(option: {
  long?: string | undefined;
  short?: string | undefined;
  required: boolean;
  optional: boolean;
  argChoices?: string[] | undefined;
  description: string;
}): CompletionOption {
  return {
    flags: [option.long, option.short].filter((flag): flag is string => flag !== undefined),
    description: option.description,
    takesValue: option.required || option.optional,
    choices: option.argChoices,
  };
}
