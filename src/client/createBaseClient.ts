import { resolveTrustRoot } from "../orders/trustRoot/resolveTrustRoot.js";
import type { TrustRoot } from "../orders/trustRoot/types.js";
import { InvalidClientConfigError, InvalidOptionError } from "./errors/config.js";
import { checkDuration } from "./utils/checkDuration.js";
import { checkRetryConfig } from "./utils/checkRetryConfig.js";
import { type HttpRequestParameters, httpRequest, type RetryConfig } from "./utils/httpRequest.js";
import { stripUrl } from "./utils/stripUrl.js";

/** Base URLs of the service's environments. */
export const baseUrls = {
  mainnet: "https://api.relay.link",
  testnet: "https://api.testnets.relay.link",
} as const;

export type Network = keyof typeof baseUrls | { baseUrl: string };

export type ClientConfig = {
  /** `mainnet`, `testnet`, or any deployment of the interface such as a local devnet. */
  network: Network;
  /** Sent as `x-api-key` for higher rate limits; kept out of every error and of the client object. */
  apiKey?: string | undefined;
  /** fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Retry settings for every request, or `false` for a single attempt. Default: 3 retries. */
  retry?: RetryConfig | false | undefined;
  /** Limit for each attempt of a request, in ms, from 1 to 2^31 − 1. Default 30 000. */
  timeoutMs?: number | undefined;
  /** Default `referrer` for quote and price bodies that set none. */
  referrer?: string | undefined;
  /**
   * Solvers whose signed orders the client accepts (the payment guard of `executeSteps`, `getQuote`'s
   * `verify`): EVM addresses. The live solver when omitted; a devnet's is in its `GET /devnet/info`.
   */
  solvers?: readonly string[] | undefined;
  /**
   * The payment guard's trust root (`executeSteps`): depositories, deposit-address rules, spenders
   * and slugs of the chains the caller pays on. Its chains replace the published ones of the same id
   * (`publishedTrustRoot`); the guard never takes them from the service. A devnet's is
   * `devnetTrustRoot()` (`attestkit/devnet`).
   */
  trustRoot?: TrustRoot | undefined;
};

/** Per-call overrides of the client's settings. */
export type RequestOptions = {
  /** Aborts the call, including waits between retries. */
  signal?: AbortSignal | undefined;
  /** Replaces the client's limit for each attempt, in ms (1 to 2^31 − 1; anything else is an `InvalidOptionError`). */
  timeoutMs?: number | undefined;
  /** Merged over the client's retry settings; `false` makes one attempt. */
  retry?: RetryConfig | false | undefined;
};

export type ClientRequestParameters = RequestOptions &
  Pick<HttpRequestParameters, "method" | "path" | "query" | "body" | "idempotent">;

export type BaseClient = {
  /** `mainnet`, `testnet` or `custom`. */
  network: "mainnet" | "testnet" | "custom";
  /** Base URL without credentials or trailing slash. */
  baseUrl: string;
  /** Whether requests carry an API key (the key itself is not readable from the client). */
  hasApiKey: boolean;
  timeoutMs: number;
  retry: RetryConfig | false;
  referrer: string | undefined;
  /** Solvers whose signed orders are accepted; undefined means the live solver. */
  solvers: readonly string[] | undefined;
  /** The payment guard's trust root given at creation (checked then); undefined means the published one alone. */
  trustRoot: TrustRoot | undefined;
  /** Sends one request to the service with the client's key, timeout and retries. */
  request: (parameters: ClientRequestParameters) => Promise<unknown>;
};

export type Client<extended extends object = object> = BaseClient &
  extended & {
    /** Adds actions bound to this client: `client.extend(serviceActions)`. */
    extend: <const added extends object>(fn: (client: Client<extended>) => added) => Client<extended & added>;
  };

export type CreateBaseClientParameters = ClientConfig;
export type CreateBaseClientReturnType = Client;

/**
 * Creates a client for the service without bound actions, for tree-shaken use:
 * `getQuote(client, parameters)`. Bind actions with `client.extend(serviceActions)`.
 *
 * @param parameters - {@link CreateBaseClientParameters}
 * @returns A client holding the base URL, key, timeout and retry settings. {@link CreateBaseClientReturnType}
 * @example
 * const client = createBaseClient({ network: "mainnet", apiKey })
 * const quote = await getQuote(client, { ... })
 */
export function createBaseClient(parameters: CreateBaseClientParameters): CreateBaseClientReturnType {
  const { network, apiKey, retry = {}, timeoutMs = 30_000, referrer, solvers, trustRoot } = parameters;
  let baseUrl: string;
  let networkName: BaseClient["network"];
  if (network === "mainnet" || network === "testnet") {
    baseUrl = baseUrls[network];
    networkName = network;
  } else if (network && typeof network === "object" && typeof network.baseUrl === "string") {
    let parsed: URL;
    try {
      parsed = new URL(network.baseUrl);
    } catch {
      throw new InvalidClientConfigError({ field: "network.baseUrl", reason: "not a URL" });
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw new InvalidClientConfigError({ field: "network.baseUrl", reason: "not an http(s) URL" });
    if (parsed.search || parsed.hash || parsed.username || parsed.password)
      throw new InvalidClientConfigError({
        field: "network.baseUrl",
        reason: "must not carry credentials, a query or a fragment (pass the key as apiKey)",
      });
    baseUrl = network.baseUrl.replace(/\/+$/, "");
    networkName = "custom";
  } else {
    throw new InvalidClientConfigError({
      field: "network",
      reason: `unknown network ${stripUrl({ url: JSON.stringify(network) ?? String(network), secret: apiKey })}`,
    });
  }
  const timeoutProblem = checkDuration({ value: timeoutMs });
  if (timeoutProblem) throw new InvalidClientConfigError({ field: "timeoutMs", reason: timeoutProblem });
  const retryProblem = checkRetryConfig(retry);
  if (retryProblem) throw new InvalidClientConfigError(retryProblem);
  if (apiKey !== undefined && (typeof apiKey !== "string" || apiKey === ""))
    throw new InvalidClientConfigError({ field: "apiKey", reason: "must be a non-empty string" });
  if (solvers !== undefined && (!Array.isArray(solvers) || solvers.length === 0))
    throw new InvalidClientConfigError({
      field: "solvers",
      reason: "must be a non-empty array of EVM addresses",
    });
  for (const [i, solver] of (solvers ?? []).entries())
    if (typeof solver !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(solver))
      throw new InvalidClientConfigError({ field: `solvers[${i}]`, reason: "not an EVM address" });
  // Checked now, so that a malformed trust root fails at creation, not at the first payment.
  if (trustRoot !== undefined) resolveTrustRoot({ trustRoot });

  // Resolved at call time so a fetch patched after creation (tests, polyfills) is used.
  const fetchFn: typeof globalThis.fetch =
    parameters.fetch ?? ((input, init) => globalThis.fetch(input, init));

  // The key lives only in this closure: not a property, so logging the client cannot print it.
  const request = async (call: ClientRequestParameters): Promise<unknown> => {
    if (call.timeoutMs !== undefined) {
      const reason = checkDuration({ value: call.timeoutMs });
      if (reason) throw new InvalidOptionError({ option: "timeoutMs", value: call.timeoutMs, reason });
    }
    const callRetryProblem = checkRetryConfig(call.retry);
    if (callRetryProblem)
      throw new InvalidOptionError({
        option: callRetryProblem.field,
        value: call.retry,
        reason: callRetryProblem.reason,
      });
    return httpRequest({
      baseUrl,
      fetch: fetchFn,
      apiKey,
      method: call.method,
      path: call.path,
      query: call.query,
      body: call.body,
      idempotent: call.idempotent,
      signal: call.signal,
      timeoutMs: call.timeoutMs ?? timeoutMs,
      // A call's settings are merged over the client's; `false` in the call makes one attempt, and an
      // object in the call turns retries on for a client created with `retry: false`.
      retry:
        call.retry === undefined
          ? retry
          : call.retry === false || retry === false
            ? call.retry
            : { ...retry, ...call.retry },
    });
  };

  const base: BaseClient = {
    network: networkName,
    baseUrl,
    hasApiKey: apiKey !== undefined,
    timeoutMs,
    retry,
    referrer,
    solvers: solvers ? [...solvers] : undefined,
    trustRoot,
    request,
  };
  return withExtend(base) as Client;
}

function withExtend<client extends object>(client: client): client & { extend: unknown } {
  const extend = (fn: (c: unknown) => object) => {
    const combined = { ...client, ...fn(client) };
    return withExtend(combined);
  };
  return Object.assign(client, { extend });
}
