/**
 * The status stream of a service: the live one for the live API (`https://api.relay.link` gives
 * `wss://ws.relay.link`, the testnets' API the testnets' stream), else the API's own host over
 * ws(s), at its root, as the devnet serves it.
 *
 * @param baseUrl - The client's base URL.
 * @returns The stream's URL.
 * @example
 * defaultWebSocketUrl("http://127.0.0.1:8080/api") // "ws://127.0.0.1:8080/"
 */
export function defaultWebSocketUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (/^api\.(testnets\.)?relay\.link$/.test(url.hostname))
    return `wss://${url.hostname.replace(/^api\./, "ws.")}`;
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = "/";
  url.search = "";
  return url.toString();
}
