import type { Command } from "commander";
import type { Io } from "../io.js";
import { readGlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import type { ExecuteOptions } from "./runExecute.js";

export type RunExecuteActionParameters = {
  /** The options as commander parsed them. */
  options: ExecuteOptions;
  /** The `execute` command. */
  command: Command;
  io: Io;
};

/**
 * The action of `attestkit execute`: imports `runExecute`, runs it with the global options and exits
 * with its code; with its output gone, it still runs the steps and follows the request.
 *
 * @param parameters - {@link RunExecuteActionParameters}
 * @returns Once the run has ended.
 * @example
 * command.action((options, command) => runExecuteAction({ options, command, io }))
 */
export async function runExecuteAction({ options, command, io }: RunExecuteActionParameters): Promise<void> {
  // Steps move money: with its output gone, execute still runs them and follows the request.
  io.onOutputClosed?.(() => {});
  try {
    const global = readGlobalOptions({ command });
    const { runExecute } = await import("./runExecute.js");
    io.exit(await runExecute({ ...options, ...global }, io));
  } catch (error) {
    io.exit(reportError({ io, error, json: options.json }));
  }
}
