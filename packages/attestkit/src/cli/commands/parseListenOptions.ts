import type { WebhooksListenOptions } from "./listenTypes.js";
import { parseHttpUrl } from "./parseHttpUrl.js";

/**
 * The URLs and port of `webhooks listen`, checked before anything listens or is sent: `--forward-to`
 * and `--devnet` http(s) URLs, `--port` 0 to 65535. A bad one is an `Error` naming the flag.
 *
 * @param options - The command's options.
 * @returns The two URLs.
 * @example
 * const { forwardTo, devnet } = parseListenOptions({ forwardTo: "http://127.0.0.1:3000/hook", devnet: url, port: "0" })
 */
export function parseListenOptions(options: Pick<WebhooksListenOptions, "forwardTo" | "devnet" | "port">): {
  forwardTo: URL;
  devnet: URL;
} {
  const forwardTo = parseHttpUrl("--forward-to", options.forwardTo);
  const devnet = parseHttpUrl("--devnet", options.devnet);
  if (!/^[0-9]+$/.test(options.port) || Number(options.port) > 65_535)
    throw new Error(`--port must be 0 to 65535, got ${JSON.stringify(options.port)}`);
  return { forwardTo, devnet };
}
