import { createWalletClient, custom, type EIP1193RequestFn, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getQuote } from "../../client/actions/getQuote.js";
import { waitForStatus } from "../../client/actions/waitForStatus.js";
import type { RequestOptions } from "../../client/createBaseClient.js";
import { RequestFailedError } from "../../client/errors/status.js";
import type { ExecuteStepsVerifyOptions } from "../../client/steps/types.js";
import type { TrustRoot } from "../../orders/trustRoot/types.js";
import { InvalidRequestError, type InvalidResponseError } from "../../schemas/errors.js";
import type { QuoteRequest, QuoteResponse, StatusResponse } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/parseResponse.js";
import { responseSchemas } from "../../schemas/responses.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import type { DevnetCliModule } from "../devnetCliTypes.js";
import { exitCodes } from "../exitCodes.js";
import { formatStatusLine } from "../formatStatusLine.js";
import { inputLimits } from "../inputLimits.js";
import type { Io } from "../io.js";
import { isLoopbackUrl } from "../isLoopbackUrl.js";
import { loadDevnetCli } from "../loadDevnetCli.js";
import type { CurrencyBook } from "../money/currencyBook.js";
import { resolveAmountFlag } from "../money/resolveAmountFlag.js";
import { parseRpcFlags } from "../parseRpcFlags.js";
import { plural } from "../plural.js";
import { readJsonObjectFile } from "../readJsonObjectFile.js";
import { readTrustRoot } from "../readTrustRoot.js";
import { reportError } from "../reportError.js";
import { givenSolvers, type ResolveSolversReturnType } from "../resolveSolvers.js";
import type { Emit } from "./executeTypes.js";
import { inFlagTerms } from "./inFlagTerms.js";
import { type RunExecuteStepsParameters, runExecuteSteps } from "./runExecuteSteps.js";
import { buildQuoteRequest, hasRequestFields, type QuoteOptions } from "./runQuote.js";
import { warnUnknownFields } from "./warnUnknownFields.js";

export type ExecuteOptions = QuoteOptions & {
  quoteFile?: string;
  privateKey?: string;
  rpc?: string[];
  /** `--solver`: the solvers whose signed orders are accepted. */
  solver?: string[];
  /** `--no-verify` sets it to false: the payment guard is off. */
  verify?: boolean;
  /** `--accept-item`: items run although the guard cannot decode them. */
  acceptItem?: string[];
  /** `--chains-file`: a trust root, or a chain list saved from a source the caller trusts. */
  chainsFile?: string;
  /** `--trust-devnet [ORIGIN,DESTINATION]`: the local devnet's trust root. */
  trustDevnet?: boolean | string;
  /** `--max-amount-in`: the most the caller pays (smallest unit, or with a unit as `--amount`). */
  maxAmountIn?: string;
};

/** How long `execute` follows the request when `--timeout` is not given: 30 minutes. */
const executeTimeoutMs = 1_800_000;

/** Runs `execute` and returns its exit code. */
export async function runExecute(
  options: ExecuteOptions,
  io: Io,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  const emit: Emit = (record, text) => {
    if (options.json)
      return io.out(JSON.stringify(record, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
    for (const line of text) io.out(line);
  };
  try {
    const key = options.privateKey ?? env.ATTESTKIT_PRIVATE_KEY;
    if (!key)
      throw new CliError("Give the paying key in $ATTESTKIT_PRIVATE_KEY (or --private-key).", {
        exitCode: exitCodes.badInput,
      });
    // The key is never echoed, not even in part.
    if (!/^0x[0-9a-fA-F]{64}$/.test(key))
      throw new CliError("The private key must be 0x and 64 hex digits.", { exitCode: exitCodes.badInput });
    const account = privateKeyToAccount(key as Hex);
    const rpcs = parseRpcFlags(options.rpc ?? []);
    const { client, call, timeoutMs, explain } = createServiceClient(options, executeTimeoutMs);
    try {
      return await execute({ options, emit, warn: io.err, account, rpcs, client, call, timeoutMs });
    } catch (error) {
      throw explain(error);
    }
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/** Quotes (or reads the quote file), runs the steps and follows the status; returns the exit code. */
async function execute({
  options,
  emit,
  warn,
  account,
  rpcs,
  client,
  call,
  timeoutMs,
}: {
  options: ExecuteOptions;
  emit: Emit;
  /** Writes one line to stderr (a request field sent as given). */
  warn: (line: string) => void;
  account: ReturnType<typeof privateKeyToAccount>;
  rpcs: Map<number, string>;
  client: ReturnType<typeof createServiceClient>["client"];
  call: RequestOptions & { signal: AbortSignal };
  timeoutMs: number;
}): Promise<number> {
  // What the caller asks for: the quote request, from the flags or --file; the guard checks the
  // quote against it, whether the quote is asked for now or read from --quote-file.
  const guarded = options.verify !== false;
  if (options.quoteFile && guarded && !hasRequestFields(options))
    throw new CliError(
      "--quote-file is checked against the request it answers before anything is paid: give that request with -f FILE or the flags (--origin-chain-id, --amount, ...), or pass --no-verify.",
      { exitCode: exitCodes.badInput },
    );
  // A token's decimals would come from the service's GET /chains: what is paid never rests on its word.
  const readBook = (): Promise<CurrencyBook> => {
    throw new CliError("execute takes a unit only for the native currency (ether, gwei, wei).", {
      exitCode: exitCodes.badInput,
      metaMessages: [
        "A token's decimals would come from the service (GET /chains), and what you pay never rests on its word:",
        "give --amount (and --max-amount-in) in the token's smallest unit (digits), e.g. 1000000 for 1 of a 6-decimals token.",
      ],
    });
  };
  const intent =
    options.quoteFile && !hasRequestFields(options)
      ? undefined
      : await intentOf(options, account.address, warn, readBook);
  const { devnet, trustRoot } = await trustOf(options, guarded);
  let quote: QuoteResponse;
  if (options.quoteFile) quote = readQuoteFile(options.quoteFile);
  else
    quote = await getQuote(client, intent as QuoteRequest, call).catch((error: unknown) => {
      throw error instanceof InvalidRequestError ? inFlagTerms(error, options) : error;
    });
  const requestId = (quote.requestId ?? quote.steps?.find((step) => step.requestId)?.requestId) as
    | Hex
    | undefined;
  if (!requestId)
    throw new CliError("The quote names no request id (neither requestId nor a step's).", {
      exitCode: exitCodes.badInput,
    });
  emit({ event: "quote", requestId, steps: quote.steps?.length ?? 0 }, [
    `request ${requestId}  (${plural(quote.steps?.length ?? 0, "step")}, paid by ${account.address})`,
  ]);

  const wallet = createWalletClient({
    account,
    transport: routedTransport(rpcUrlsOf(options, rpcs, devnet)),
    // A receipt is polled for every second: viem's default without a chain's block time is 4 s, which
    // a devnet or a fast chain would spend waiting for a transaction long mined.
    pollingInterval: 1_000,
  });
  const trusted = guarded ? solversOf(options, devnet) : undefined;
  const verify: ExecuteStepsVerifyOptions | false =
    trusted === undefined
      ? false
      : {
          intent,
          solvers: trusted.solvers,
          trustRoot,
          acceptItems: options.acceptItem ?? [],
          ...(options.maxAmountIn === undefined
            ? {}
            : { maxAmountIn: await maxAmountInOf(options.maxAmountIn, intent, readBook) }),
        };
  return payAndFollow({ client, quote, wallet, verify, trusted, call, emit, requestId, timeoutMs });
}

/**
 * Runs the steps, then follows the request to its end: exit 0 on success, 1 on refund or failure,
 * whether a step's check or the status follow sees the end first; the final status is the last line.
 */
async function payAndFollow({
  call,
  emit,
  requestId,
  timeoutMs,
  ...steps
}: Omit<RunExecuteStepsParameters, "signal"> & {
  call: RequestOptions & { signal: AbortSignal };
  requestId: Hex;
  timeoutMs: number;
}): Promise<number> {
  const ended = await runExecuteSteps({ ...steps, signal: call.signal, emit }).then(
    () => undefined,
    (error: unknown) => endedStatus(error),
  );
  if (ended) {
    emit({ event: "status", ...ended }, [formatStatusLine(ended)]);
    return exitCodes.invalid;
  }
  const final = await waitForStatus(steps.client, {
    requestId,
    intervalMs: 500,
    timeoutMs,
    signal: call.signal,
    onUpdate: (status) => emit({ event: "status", ...status }, [formatStatusLine(status)]),
  });
  return final.status === "success" ? exitCodes.ok : exitCodes.invalid;
}

/**
 * The final status a step's check reported when it ended the request (`RequestFailedError`:
 * refund, failure), read with the status schema; any other error is thrown on.
 */
function endedStatus(error: unknown): StatusResponse {
  if (!(error instanceof RequestFailedError)) throw error;
  const parsed = responseSchemas.status.safeParse(error.statusResponse);
  return parsed.success ? (parsed.data as StatusResponse) : ({ status: error.status } as StatusResponse);
}

/** `--max-amount-in` in the smallest unit of the origin currency (`0.02ether`, `5usdc` by its decimals). */
async function maxAmountInOf(
  value: string,
  intent: QuoteRequest | undefined,
  readBook: () => Promise<CurrencyBook>,
): Promise<bigint> {
  const flags = ["--origin-currency", "--origin-chain-id"] as const;
  const currency = { chainId: intent?.originChainId, address: intent?.originCurrency, flags };
  return BigInt(await resolveAmountFlag({ flag: "--max-amount-in", value, currency, readBook }));
}

/**
 * The chains' RPC URLs: `--rpc`, over the local devnet's own (`--trust-devnet` with a loopback
 * `--api`: its `/rpc/<chainId>`). Nothing the service answers names them.
 */
function rpcUrlsOf(
  options: ExecuteOptions,
  rpcs: Map<number, string>,
  devnet: DevnetCliModule | undefined,
): Map<number, string> {
  const urls = new Map<number, string>();
  if (devnet && isLoopbackUrl(options.api))
    for (const chain of readTrustRoot({
      trustDevnet: options.trustDevnet,
      devnetTrustRoot: devnet.devnetTrustRoot,
    })?.chains ?? [])
      if (chain.vmType === "ethereum-vm")
        urls.set(chain.id, `${options.api.replace(/\/+$/, "")}/rpc/${chain.id}`);
  for (const [chainId, url] of rpcs) urls.set(chainId, url);
  return urls;
}

/**
 * The solvers whose orders the guard accepts: `--solver`, else the local devnet's public test key
 * with `--trust-devnet`, else the live solver. Never a service's answer (a devnet's `GET /devnet/info`
 * is as easily rewritten as any other).
 */
function solversOf(options: ExecuteOptions, devnet: DevnetCliModule | undefined): ResolveSolversReturnType {
  if (options.solver?.length || !devnet) return givenSolvers(options.solver);
  return {
    solvers: [devnet.devnetSolverAddress],
    source: "devnet",
    from: "--trust-devnet (its public test key)",
  };
}

/**
 * The devnet package (with `--trust-devnet`: its trust root and solver come from there, never from a
 * service) and the trust root the guard checks against (none without the guard).
 */
async function trustOf(
  options: ExecuteOptions,
  guarded: boolean,
): Promise<{ devnet: DevnetCliModule | undefined; trustRoot: TrustRoot | undefined }> {
  const devnet = trustsDevnet(options)
    ? await loadDevnetCli({ needs: "--trust-devnet", exitCode: exitCodes.badInput })
    : undefined;
  const trustRoot = guarded
    ? readTrustRoot({
        chainsFile: options.chainsFile,
        trustDevnet: options.trustDevnet,
        devnetTrustRoot: devnet?.devnetTrustRoot,
      })
    : undefined;
  return { devnet, trustRoot };
}

/** `--trust-devnet` given (bare or with chain ids). */
function trustsDevnet(options: ExecuteOptions): boolean {
  return options.trustDevnet !== undefined && options.trustDevnet !== false;
}

/**
 * The request the caller asks for: `-f FILE` and the flags over it. Its `user` is the file's or
 * `--user`; only when neither names one, the key's account. A user that is not the key's account is
 * refused before anything is asked or sent: the key could not pay for it, and a quote for another
 * user than asked would be paid for the wrong one.
 */
async function intentOf(
  options: ExecuteOptions,
  keyAddress: string,
  warn: (line: string) => void,
  readBook: () => Promise<CurrencyBook>,
): Promise<QuoteRequest> {
  const intent = await buildQuoteRequest(options, readBook);
  warnUnknownFields(intent, options, warn);
  intent.user ??= keyAddress;
  const evmOrigin = typeof intent.user === "string" && /^0x[0-9a-fA-F]{40}$/.test(intent.user);
  if (evmOrigin && intent.user.toLowerCase() !== keyAddress.toLowerCase())
    throw new CliError(
      `The request's user ${intent.user} is not the paying key's account ${keyAddress}: nothing was sent.`,
      {
        exitCode: exitCodes.badInput,
        field: options.user !== undefined ? "--user" : `"user" of ${options.file}`,
        metaMessages: [
          `Pay with the key of ${intent.user}, or ask for ${keyAddress} with --user ${keyAddress}.`,
        ],
      },
    );
  return intent;
}

/**
 * A saved quote, checked against the quote answer's schema before anything else reads it: a file
 * that is not one is bad input (exit 2) naming the file and the field, not a failure of the service.
 */
function readQuoteFile(file: string): QuoteResponse {
  const quote = readJsonObjectFile({ file, ...inputLimits.quote });
  try {
    parseResponse({ endpoint: "quote", body: quote });
  } catch (error) {
    const issue = (error as InvalidResponseError).issues?.[0];
    throw new CliError(
      `${file} is not a POST /quote/v2 answer${issue ? `: ${issue.path ? `"${issue.path}" ` : ""}${issue.message}` : ""}.`,
      { exitCode: exitCodes.badInput, cause: error },
    );
  }
  return quote as QuoteResponse;
}

/** A transport that sends each call to the RPC of the wallet's current chain and switches on request. */
function routedTransport(urls: Map<number, string>) {
  const first = urls.keys().next().value;
  let current: number | undefined = first;
  const transports = new Map<number, ReturnType<ReturnType<typeof http>>>();
  const transportOf = (chainId: number) => {
    const url = urls.get(chainId);
    if (!url)
      throw new CliError(`No RPC URL for chain ${chainId}: pass --rpc ${chainId}=URL.`, {
        exitCode: exitCodes.badInput,
      });
    let transport = transports.get(chainId);
    if (!transport) {
      transport = http(url, { timeout: 30_000 })({ retryCount: 1 });
      transports.set(chainId, transport);
    }
    return transport;
  };
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    if (method === "wallet_switchEthereumChain") {
      const chainId = Number((params as [{ chainId: string }])[0].chainId);
      transportOf(chainId);
      current = chainId;
      return null;
    }
    if (current === undefined)
      throw new CliError("No chain RPC: pass --rpc CHAIN_ID=URL for the chains the steps use.", {
        exitCode: exitCodes.badInput,
      });
    return transportOf(current).request({ method, params } as never);
  }) as EIP1193RequestFn;
  return custom({ request });
}
