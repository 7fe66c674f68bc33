export type DescribeDeliveryFailureParameters = {
  /** What the attempt's `fetch` threw. */
  error: unknown;
  /** The endpoint the attempt was sent to. */
  url: string;
  /** The limit of one attempt, ms (what a `TimeoutError` waited). */
  timeoutMs: number;
};

/** Where the attempt went, as the words name it: `address:port` of the socket when known, else the URL's host. */
type Place = { host: string; hostname: string; at: string };

/**
 * Words for the system and undici error codes of a failed connection: the code, then what it says.
 * Both the documentation of what the outbox writes and the data it writes it from.
 */
const failureByCode: Readonly<Record<string, (place: Place) => string>> = {
  ECONNREFUSED: ({ at }) => `connection refused at ${at} (nothing listens there)`,
  ECONNRESET: ({ at }) => `connection reset by ${at}`,
  EPIPE: ({ at }) => `connection reset by ${at}`,
  UND_ERR_SOCKET: ({ host }) => `${host} closed the connection without answering`,
  UND_ERR_CLOSED: ({ host }) => `${host} closed the connection without answering`,
  ENOTFOUND: ({ hostname }) => `host ${hostname} not found (DNS)`,
  EAI_AGAIN: ({ hostname }) => `host ${hostname} not found (DNS did not answer)`,
  EHOSTUNREACH: ({ at }) => `no route to ${at}`,
  ENETUNREACH: ({ at }) => `no route to ${at}`,
  ETIMEDOUT: ({ host }) => `connecting to ${host} timed out`,
  UND_ERR_CONNECT_TIMEOUT: ({ host }) => `connecting to ${host} timed out`,
  UND_ERR_HEADERS_TIMEOUT: ({ host }) => `${host} did not answer in time`,
  UND_ERR_BODY_TIMEOUT: ({ host }) => `${host} did not finish its answer in time`,
};

/**
 * Says in words why one webhook attempt got no HTTP answer, for everyone who reads the outbox (the
 * dashboard, `GET /devnet/webhooks`, `attestkit explain`): `connection refused at 127.0.0.1:4000
 * (nothing listens there)`, `timed out after 10000 ms waiting for 127.0.0.1:4000`, `host x.test not
 * found (DNS)`, a TLS certificate refused, a port fetch never uses. `fetch`'s own `TypeError: fetch
 * failed` says none of that: the words come from its `cause` (`failureByCode`). An error it does not
 * know keeps the cause's message, after the host.
 *
 * @param parameters - {@link DescribeDeliveryFailureParameters}
 * @returns One line, without the raw error (`rawDeliveryError` keeps that).
 * @example
 * describeDeliveryFailure({ error, url: "http://127.0.0.1:4000/hooks", timeoutMs: 10_000 })
 * // "connection refused at 127.0.0.1:4000 (nothing listens there)"
 */
export function describeDeliveryFailure({
  error,
  url,
  timeoutMs,
}: DescribeDeliveryFailureParameters): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const host = parsed?.host || url;
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError") return `timed out after ${timeoutMs} ms waiting for ${host}`;
  if (name === "AbortError") return `stopped before ${host} answered (the devnet was stopping)`;
  const cause = (error instanceof Error ? error.cause : undefined) as
    | { code?: unknown; message?: unknown; address?: unknown; port?: unknown; errors?: unknown }
    | undefined;
  // With several addresses tried (localhost: ::1, then 127.0.0.1), the cause is an AggregateError of each.
  const first = Array.isArray(cause?.errors) ? (cause.errors[0] as typeof cause) : cause;
  const code =
    typeof first?.code === "string" ? first.code : typeof cause?.code === "string" ? cause.code : "";
  const at =
    typeof first?.address === "string" && first.port !== undefined ? `${first.address}:${first.port}` : host;
  const describe = failureByCode[code];
  if (describe) return describe({ host, hostname: parsed?.hostname ?? host, at });
  const message =
    typeof cause?.message === "string"
      ? cause.message
      : error instanceof Error
        ? error.message
        : String(error);
  if (message === "bad port")
    return `port ${parsed?.port || "?"} is one fetch never connects to (a blocked port): give the endpoint another port`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|EPROTO/.test(code))
    return `TLS with ${host} failed: ${message}`;
  return `could not reach ${host}: ${message}`;
}
