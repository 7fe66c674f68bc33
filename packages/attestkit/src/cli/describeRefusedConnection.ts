import { defaultDevnetPort } from "./defaultDevnetPort.js";

/**
 * A line that says what to do about a refused connection found in `error`'s cause chain (or an
 * `AggregateError`'s errors): on a loopback address, that nothing listens there and
 * `attestkit devnet` starts one; elsewhere, which URL refused. The URL is the request's (an error
 * in the chain with a `url`), cut to its origin, else the refused address and port.
 *
 * @param error - What a command failed with.
 * @returns The line, or undefined when no connection was refused.
 * @example
 * describeRefusedConnection(networkError) // "Nothing listens at http://127.0.0.1:8787: start one with `attestkit devnet`."
 */
export function describeRefusedConnection(error: unknown): string | undefined {
  let url: string | undefined;
  let refused: { address?: unknown; port?: unknown } | undefined;
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
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
    visit(cause, depth + 1);
  };
  visit(error, 0);
  if (!refused) return undefined;
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
