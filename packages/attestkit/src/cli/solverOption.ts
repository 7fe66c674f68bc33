import { Option } from "commander";

/**
 * The `--solver <address>` option, the same in every command: one address per flag, repeated for
 * several (`--solver A --solver B`), so it never takes the command's positional argument
 * (`verify --solver A 0x<requestId>` verifies that request against A).
 *
 * @param defaultText - What the set is when no `--solver` is given, for the help.
 * @returns The option, collecting the addresses into an array (undefined when none is given).
 * @example
 * program.command("audit").addOption(solverOption("the live solver"))
 */
export function solverOption(defaultText: string): Option {
  return new Option(
    "--solver <address>",
    `accepted solver address; repeat for several (default: ${defaultText})`,
  ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
}
