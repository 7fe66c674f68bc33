import { Command, CommanderError } from "commander";
import { version } from "../errors/version.js";
import { registerAudit } from "./commands/audit.js";
import { registerDeploy } from "./commands/deploy.js";
import { registerDevnet } from "./commands/devnet.js";
import { registerEncode } from "./commands/encode.js";
import { registerQuote } from "./commands/quote.js";
import { registerStatus } from "./commands/status.js";
import { registerVerify } from "./commands/verify.js";
import { exitCodes } from "./exitCodes.js";
import { type Io, processIo } from "./io.js";

/** The mainnet base URL of the service. */
export const defaultApi = "https://api.relay.link";

/**
 * Builds the `attestkit` command line. Usage errors (unknown option, missing argument) exit 2,
 * like any other bad input.
 */
export function createProgram(io: Io = processIo): Command {
  const program = new Command("attestkit")
    .description("Verify, reproduce and enforce the solver attestations of the cross-chain intent service")
    .version(version)
    .option("--api <url>", "service base URL", process.env.ATTESTKIT_API ?? defaultApi)
    // The key's default is read at run time, never shown in help.
    .option("--api-key <key>", "API key (default: $ATTESTKIT_API_KEY)")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.replace(/\n$/, "")),
      writeErr: (s) => io.err(s.replace(/\n$/, "")),
    });
  registerVerify(program, io);
  registerEncode(program, io);
  registerAudit(program, io);
  registerStatus(program, io);
  registerQuote(program, io);
  registerDevnet(program, io);
  registerDeploy(program, io);
  for (const command of program.commands) command.exitOverride().configureOutput(program.configureOutput());
  return program;
}

/** Parses argv, runs the command and returns the exit code. */
export async function runCli(argv: string[], io: Io = processIo): Promise<number> {
  let code = 0;
  const wrapped: Io = { ...io, exit: (c) => (code = c) };
  const program = createProgram(wrapped);
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with exit code 0.
      return error.exitCode === 0 ? 0 : exitCodes.badInput;
    }
    throw error;
  }
  return code;
}
