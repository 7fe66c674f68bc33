import { Command, CommanderError } from "commander";
import { version } from "../errors/version.js";
import { CliError } from "./cliError.js";
import { registerAudit } from "./commands/audit.js";
import { registerChains } from "./commands/chains.js";
import { registerCollect } from "./commands/collect.js";
import { registerCompletion } from "./commands/completion.js";
import { registerDeploy } from "./commands/deploy.js";
import { registerDevnet } from "./commands/devnet.js";
import { registerEncode } from "./commands/encode.js";
import { registerExecute } from "./commands/execute.js";
import { registerExplain } from "./commands/explain.js";
import { registerQuote } from "./commands/quote.js";
import { registerStatus } from "./commands/status.js";
import { registerVerify } from "./commands/verify.js";
import { registerWebhooks } from "./commands/webhooksListen.js";
import { exitCodes } from "./exitCodes.js";
import { type Io, processIo } from "./io.js";
import { reportError } from "./reportError.js";

export { defaultApi } from "./readGlobalOptions.js";

/**
 * Builds the `attestkit` command line. The global options (`--api`, `--api-key`, `--timeout`) are
 * read before or after the command's name and shown in every command's help (only those: a
 * subcommand's help does not list its parent's own options). A usage error (unknown
 * option, missing argument) is one line and a pointer to the command's help, and exits 2 like any
 * other bad input. Each command registers with commander and its option helpers only and imports its
 * work when it runs, so building the program (and `--help`) loads no command's dependencies.
 */
export function createProgram(io: Io = processIo): Command {
  // The global options are the program's; `devnet`'s server options (--port, its --api-key and
  // --json) are not those of `devnet trigger`. A command's own option of the same flag (`devnet
  // --api-key`, the webhook secret) is the one its help shows.
  const help = {
    showGlobalOptions: true,
    visibleGlobalOptions: (command: Command) =>
      command.parent
        ? program.options.filter(
            (option) => !option.hidden && !command.options.some((own) => own.long === option.long),
          )
        : [],
  };
  const program: Command = new Command("attestkit")
    .description("Verify, reproduce and enforce the solver attestations of the cross-chain intent service")
    .version(version)
    .option("--api <url>", "service base URL (default: $ATTESTKIT_API, else the live service)")
    // The key's default is read at run time, never shown in help.
    .option("--api-key <key>", "API key (default: $ATTESTKIT_API_KEY)")
    .option(
      "--timeout <ms>",
      "give up on the service after this long (default: 60000; status --watch: 1800000; collect: each attempt, 30000)",
    )
    .configureHelp(help)
    .showHelpAfterError("(see attestkit --help)")
    .exitOverride()
    // Help and usage errors come as one text: written line by line, as the Io takes them.
    .configureOutput({
      writeOut: (s) => {
        for (const line of s.replace(/\n$/, "").split("\n")) io.out(line);
      },
      writeErr: (s) => {
        for (const line of s.replace(/\n$/, "").split("\n")) io.err(line);
      },
    })
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  $ attestkit verify --file attestation.json",
        "  $ attestkit --api http://127.0.0.1:8787 status 0x<requestId> --watch",
        "",
        "Each command's --help shows its options and an example.",
        "Colours on a terminal (not with --json): NO_COLOR turns them off, FORCE_COLOR on in a pipe.",
        "Output closed early (`| head`): exit 141, quietly; commands that pay or deploy finish first.",
        "Shell completion: attestkit completion bash|zsh|fish.",
      ].join("\n"),
    );
  registerVerify(program, io);
  registerEncode(program, io);
  registerAudit(program, io);
  registerCollect(program, io);
  registerStatus(program, io);
  registerQuote(program, io);
  registerChains(program, io);
  registerDevnet(program, io);
  registerDeploy(program, io);
  registerExplain(program, io);
  registerExecute(program, io);
  registerWebhooks(program, io);
  registerCompletion(program, io);
  // Every command, nested ones too (`devnet replay-webhook`): the same output, help and usage errors.
  const configure = (parent: Command, path: string) => {
    for (const command of parent.commands) {
      const name = `${path} ${command.name()}`;
      command
        .exitOverride()
        .configureOutput(program.configureOutput())
        .configureHelp(help)
        .showHelpAfterError(`(see ${name} --help)`);
      configure(command, name);
    }
  };
  configure(program, "attestkit");
  return program;
}

/**
 * What {@link runCli} throws: only what a command throws that is not a `CliError` (commands report
 * their own errors and exit with a code; anything else is a defect, shown with its stack).
 */
export type RunCliErrorType = Error;

/**
 * Parses argv, runs the command and returns the exit code.
 *
 * @param argv - The arguments after the program's name (`["verify", "--file", "a.json"]`).
 * @param io - Where output goes and how the command exits. Default: the process's streams.
 * @returns The exit code (see `exitCodes`).
 * @throws What a command throws that is not a `CliError`. {@link RunCliErrorType}
 * @example
 * process.exitCode = await runCli(process.argv.slice(2))
 */
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
    // An option checked before the command ran (e.g. --timeout): reported like the command's own errors.
    if (error instanceof CliError) return reportError({ io, error });
    throw error;
  }
  return code;
}
