import { BaseError } from "../errors/BaseError.js";
import { describeError } from "../errors/describeError.js";
import { adviceLines } from "./cliAdvice.js";
import { CliError } from "./cliError.js";
import { describeRefusedConnection } from "./describeRefusedConnection.js";
import type { ExitCode } from "./exitCodes.js";
import type { Io } from "./io.js";
import { toExitCode } from "./toExitCode.js";

export type ReportErrorParameters = {
  io: Io;
  error: unknown;
  /** Also print `{"error": {name, field?, message}}` on stdout, for `--json` callers. */
  json?: boolean | undefined;
};

/**
 * Reports a failed command the same way everywhere: `error: <one line> (field: <field>)` (the field
 * named once: not repeated when the line already quotes it) and the
 * error's hints on stderr (a refused connection says what to start or check), and with `json` one
 * `{"error": ...}` line on stdout. Errors of other
 * libraries (viem) are shown by their `shortMessage` and `details` only, so the URLs and request
 * bodies they carry in `message` (an RPC URL often holds a provider key) stay out of the output.
 *
 * @param parameters - {@link ReportErrorParameters}
 * @returns The exit code for the error. {@link ExitCode}
 * @example
 * catch (error) { return reportError({ io, error, json: options.json }) }
 */
export function reportError({ io, error: thrown, json }: ReportErrorParameters): ExitCode {
  // A command's own error thrown inside a library (the wallet's transport) comes back wrapped in
  // the library's: reported as the command's, with its exit code.
  const error = ownError(thrown) ?? thrown;
  const described = describeError(error);
  if (!(error instanceof BaseError) && error instanceof Error) {
    const message = foreignMessage(error);
    if (message) described.message = message;
  }
  if (json) io.out(JSON.stringify({ error: described }));
  // The field is named once: a CliError says its flag in its own words (`--amount must be ...`), and
  // a message that already quotes it (`field "requestId" must be ...`) needs no suffix.
  const named =
    described.field && !(error instanceof CliError) && !described.message.includes(`"${described.field}"`);
  const field = named ? ` (field: ${described.field})` : "";
  io.err(`error: ${described.message}${field}`);
  if (error instanceof BaseError)
    for (const line of adviceLines(error.name, error.metaMessages)) io.err(`  ${line}`);
  const cause = causeOf(error);
  if (cause) io.err(`  Cause: ${cause}`);
  const refused = describeRefusedConnection(error);
  if (refused) io.err(`  ${refused}`);
  return toExitCode(error);
}

/** The CliError a library's error wraps, within a few causes; undefined for any other error. */
function ownError(error: unknown): CliError | undefined {
  if (error instanceof BaseError) return undefined;
  let next: unknown = error;
  for (let depth = 0; next instanceof Error && depth < 5; depth++) {
    if (next instanceof CliError) return next;
    next = next.cause;
  }
  return undefined;
}

/**
 * What lies under one of attestkit's errors: the messages of the system or library errors in its
 * `cause` chain (`fetch failed: connect ECONNREFUSED 127.0.0.1:9`, `ENOENT: no such file ...`),
 * with any URL cut to its origin. Nothing for an abort, which the error itself explains.
 */
function causeOf(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const messages: string[] = [];
  let next: unknown = error.cause;
  for (let depth = 0; next instanceof Error && depth < 5; depth++) {
    if (next.name === "AbortError" || next.name === "TimeoutError") return undefined;
    const inner: Error | undefined =
      next instanceof AggregateError && next.errors[0] instanceof Error ? next.errors[0] : undefined;
    if (!(next instanceof BaseError)) {
      const code = (next as { code?: unknown }).code;
      const message = next.message || (typeof code === "string" ? code : next.name);
      if (!messages.some((seen) => seen.includes(message))) messages.push(message);
    }
    next = inner ?? next.cause;
  }
  if (messages.length === 0) return undefined;
  return messages
    .join(": ")
    .replace(/https?:\/\/[^\s'"]+/g, (url) => {
      try {
        return new URL(url).origin;
      } catch {
        return "(url)";
      }
    })
    .replace(/\s*\n\s*/g, " ");
}

/** `shortMessage: details` of a viem error, with any URL it names cut to its origin. */
function foreignMessage(error: Error): string | undefined {
  const { shortMessage, details, metaMessages } = error as {
    shortMessage?: unknown;
    details?: unknown;
    metaMessages?: unknown;
  };
  if (typeof shortMessage !== "string" || !shortMessage) return undefined;
  const short = (shortMessage.split("\n")[0] as string).replace(/\.$/, "");
  let text = typeof details === "string" && details.trim() ? `${short}: ${details.trim()}` : `${short}.`;
  const urls = Array.isArray(metaMessages)
    ? metaMessages.flatMap((line) =>
        typeof line === "string" ? (/^URL: (\S+)/.exec(line)?.slice(1) ?? []) : [],
      )
    : [];
  for (const url of urls) {
    let origin = "(url)";
    try {
      origin = new URL(url).origin;
    } catch {}
    text = text.replaceAll(url, origin);
  }
  return text.replace(/\s*\n\s*/g, " ");
}
