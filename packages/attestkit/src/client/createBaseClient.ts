import type { TrustRoot } from "../orders/trustRoot/types.js";
import { checkClientConfig } from "./checkClientConfig.js";
import { checkRequestOptions } from "./checkRequestOptions.js";
import { InvalidClientConfigError, type InvalidClientConfigErrorType } from "./errors/config.js";
import { mergeRetry } from "./mergeRetry.js";
import { parseCustomBaseUrl } from "./parseCustomBaseUrl.js";
import { type HttpRequestParameters, httpRequest, type RetryConfig } from "./utils/httpRequest.js";
import { stripUrl } from "./utils/stripUrl.js";
import { withExtend } from "./withExtend.js";

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
   * `devnetTrustRoot()` (`@attestkit/devnet`).
   */
  trustRoot?: TrustRoot | undefined;
  /**
   * What becomes of a request field attestkit does not know (`validateRequest`): `send` (the
   * default) sends it as given, since the service adds fields after any interface is written, but
   * refuses a near miss of a known field (`slipageTolerance`: did you mean `slippageTolerance`);
   * `refuse` refuses every unknown field before anything is sent.
   */
  unknownFields?: "send" | "refuse" | undefined;
  /**
   * Fields sent as given whatever `unknownFields` says and never taken for a typo: a field the
   * service added whose name is close to a known one.
   */
  allowFields?: readonly string[] | undefined;
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
  /** What becomes of request fields attestkit does not know; undefined means `send`. */
  unknownFields?: "send" | "refuse" | undefined;
  /** Fields sent as given and never taken for a typo. */
  allowFields?: readonly string[] | undefined;
  /** Sends one request to the service with the client's key, timeout and retries. */
  request: (parameters: ClientRequestParameters) => Promise<unknown>;
};

export type Client<extended extends object = object> = BaseClient &
  extended & {
    /**
     * Adds actions bound to this client: `client.extend(serviceActions)`. An extension adds members,
     * it never replaces one: a key the client already has (`request`, `getQuote`, ...) is dropped
     * from what the extension returns (`withExtend`).
     */
    extend: <const added extends object>(fn: (client: Client<extended>) => added) => Client<extended & added>;
  };

export type CreateBaseClientParameters = ClientConfig;
export type CreateBaseClientReturnType = Client;

/** A configuration that cannot work (a base URL, a timeout, a retry policy, an API key, a solver). */
export type CreateBaseClientErrorType = InvalidClientConfigErrorType;

/**
 * Creates a client for the service without bound actions, for tree-shaken use:
 * `getQuote(client, parameters)`. Bind actions with `client.extend(serviceActions)`; an extension
 * cannot replace a member the client already has (its `request`, its settings, an action bound
 * before), so whoever is handed the client calls the service, and the payment guard, it was created
 * with. The network and settings are checked here (`parseCustomBaseUrl`, `checkClientConfig`), each
 * call's options when it is made (`checkRequestOptions`, `mergeRetry`).
 *
 * @param parameters - {@link CreateBaseClientParameters}
 * @returns A client holding the base URL, key, timeout and retry settings. {@link CreateBaseClientReturnType}
 * @throws InvalidClientConfigError naming the first setting that is wrong.
 * @example
 * const client = createBaseClient({ network: "mainnet", apiKey })
 * const quote = await getQuote(client, { ... })
 */
export function createBaseClient(parameters: CreateBaseClientParameters): CreateBaseClientReturnType {
  const { network, apiKey, retry = {}, timeoutMs = 30_000, referrer, solvers, trustRoot } = parameters;
  const { unknownFields = "send", allowFields = [] } = parameters;
  let baseUrl: string;
  let networkName: BaseClient["network"];
  if (network === "mainnet" || network === "testnet") {
    baseUrl = baseUrls[network];
    networkName = network;
  } else if (network && typeof network === "object" && typeof network.baseUrl === "string") {
    baseUrl = parseCustomBaseUrl({ baseUrl: network.baseUrl });
    networkName = "custom";
  } else {
    throw new InvalidClientConfigError({
      field: "network",
      reason: `unknown network ${stripUrl({ url: JSON.stringify(network) ?? String(network), secret: apiKey })}`,
    });
  }
  checkClientConfig({ timeoutMs, retry, apiKey, solvers, trustRoot, unknownFields, allowFields });

  // Resolved at call time so a fetch patched after creation (tests, polyfills) is used.
  const fetchFn: typeof globalThis.fetch =
    parameters.fetch ?? ((input, init) => globalThis.fetch(input, init));

  // The key lives only in this closure: not a property, so logging the client cannot print it.
  const request = async (call: ClientRequestParameters): Promise<unknown> => {
    checkRequestOptions({ timeoutMs: call.timeoutMs, retry: call.retry });
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
      // A call's settings are merged over the client's (`mergeRetry`).
      retry: mergeRetry({ client: retry, call: call.retry }),
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
    unknownFields,
    allowFields: [...allowFields],
    request,
  };
  return withExtend(base) as Client;
}
