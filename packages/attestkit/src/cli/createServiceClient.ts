import type { RequestOptions } from "../client/createBaseClient.js";
import { createClient } from "../client/createClient.js";
import { AbortError } from "../client/errors/request.js";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";
import type { GlobalOptions } from "./readGlobalOptions.js";

/** What the commands that send a request body say of fields attestkit does not know. */
export type RequestFieldOptions = {
  /** `--strict-fields`: refuse them (the client's `unknownFields: "refuse"`). */
  strictFields?: boolean | undefined;
  /** `--allow-field`: fields sent as given, never taken for a typo (the client's `allowFields`). */
  allowField?: readonly string[] | undefined;
};

/** How long a command waits for the service when `--timeout` is not given, in ms. */
const defaultTimeoutMs = 60_000;

/** The longest one attempt may take; a longer `--timeout` leaves room for retries. */
const attemptLimitMs = 30_000;

export type CreateServiceClientReturnType = {
  /** The client, with the key, an attempt limit within the timeout and retries that end by it. */
  client: ReturnType<typeof createClient>;
  /** Options for every call of the command: a signal that fires when the timeout is reached. */
  call: RequestOptions & { signal: AbortSignal };
  /** The command's time limit, in ms. */
  timeoutMs: number;
  /**
   * Turns the abort of the timeout's signal into an error that names `--timeout` and the service
   * (exit 3); any other error is returned as it is.
   */
  explain: (error: unknown) => unknown;
};

/**
 * The service client every command uses: `--api`, `--api-key` and one time limit for the whole
 * command (`--timeout`, else `fallbackMs`), which bounds each attempt, the retries and the waits
 * between them; `--strict-fields` and `--allow-field` where the command takes them.
 *
 * @param options - The global options. {@link GlobalOptions}
 * @param fallbackMs - The command's limit when `--timeout` is not given.
 * @returns The client and the options for each call. {@link CreateServiceClientReturnType}
 * @example
 * const { client, call, explain } = createServiceClient(options)
 * try { await getStatus(client, { requestId }, call) } catch (error) { throw explain(error) }
 */
export function createServiceClient(
  options: GlobalOptions & RequestFieldOptions,
  fallbackMs: number = defaultTimeoutMs,
): CreateServiceClientReturnType {
  const timeoutMs = options.timeoutMs ?? fallbackMs;
  const client = createClient({
    network: { baseUrl: options.api },
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    unknownFields: options.strictFields ? "refuse" : "send",
    allowFields: options.allowField ?? [],
    timeoutMs: Math.min(timeoutMs, attemptLimitMs),
    retry: { maxElapsedMs: timeoutMs },
  });
  const signal = AbortSignal.timeout(timeoutMs);
  return {
    client,
    call: { signal },
    timeoutMs,
    explain: (error) =>
      error instanceof AbortError && signal.aborted
        ? new CliError(`No answer from ${client.baseUrl} within ${timeoutMs} ms (--timeout).`, {
            exitCode: exitCodes.network,
            cause: error,
            metaMessages: ["Raise --timeout, or check --api."],
          })
        : error,
  };
}
