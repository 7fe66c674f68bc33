import { defaultDevnetPort } from "./defaultDevnetPort.js";

/**
 * A line that says what to do about a connection that could not be made, found in `error`'s cause
 * chain (or an `AggregateError`'s errors): refused on a loopback address, that nothing listens there
 * and `attestkit devnet` starts one; refused elsewhere, which URL refused; a host name with no
 * address (`ENOTFOUND`, `EAI_AGAIN`: offline, or a mistyped host), to check the network or point
 * `--api` at another service. The URL is the request's (an error in the chain with a `url`), cut to
 * its origin, else the refused address and port.
 *
 * @param error - What a command failed with.
 * @returns The line, or undefined when the error is not about a connection.
 * @example
 * describeRefusedConnection(networkError) // "Nothing listens at http://127.0.0.1:8787: start one with `attestkit devnet`."
 */
export function describeRefusedConnection(error: unknown): string | undefined {
  let url: string | undefined;
  let refused: { address?: unknown; port?: unknown } | undefined;
  let unresolved: { hostname?: unknown } | undefined;
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || depth > 6 || refused) return;
    const {
      code,
      url: own,
      cause,
      errors,
    } = value as {
      code?: unknown;
      url?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (url === undefined && typeof own === "string") url = own;
    if (code === "ECONNREFUSED") refused = value;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") unresolved ??= value;
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
    visit(cause, depth + 1);
  };
  visit(error, 0);
  if (!refused) return unresolved && describeUnresolved(url, unresolved.hostname);
  let target: string;
  let host: string;
  let port: number | undefined;
  try {
    const parsed = new URL(url as string);
    target = parsed.origin;
    host = parsed.hostname;
    port = Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
  } catch {
    host = typeof refused.address === "string" ? refused.address : "";
    port = typeof refused.port === "number" ? refused.port : undefined;
    target = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  }
  if (!isLoopback(host)) return `${target} refused the connection: check that URL.`;
  const flag = port === undefined || port === defaultDevnetPort ? "" : ` --port ${port}`;
  return `Nothing listens at ${target}: start one with \`attestkit devnet${flag}\`.`;
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** No address for the host: offline, or a mistyped host; another service is one flag away. */
function describeUnresolved(url: string | undefined, hostname: unknown): string {
  let host = typeof hostname === "string" ? hostname : "the service's host";
  try {
    host = new URL(url as string).hostname;
  } catch {}
  return `No address found for ${host} (offline, or a mistyped host): check the network, or point --api at another service (a local devnet: --api http://127.0.0.1:${defaultDevnetPort}).`;
}
