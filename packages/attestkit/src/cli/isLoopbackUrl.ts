/**
 * Whether a URL names this machine: 127.0.0.0/8, ::1 or localhost. The live service never does; a
 * devnet always does (it listens on loopback only), so only a loopback service is asked about
 * itself (`GET /devnet/info`: its solver, its chains' RPC URLs).
 *
 * @param url - A URL (`--api`).
 * @returns True for a loopback host; false for any other, or for text that is no URL.
 * @example
 * isLoopbackUrl("http://127.0.0.1:8787") // true
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host === "[::1]" || /^127(\.[0-9]{1,3}){3}$/.test(host);
}
