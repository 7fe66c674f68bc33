/**
 * A flag's value as an http(s) URL, or an `Error` naming the flag and the value.
 *
 * @param flag - The flag, as the error names it (`--forward-to`).
 * @param value - Its value.
 * @returns The URL.
 * @example
 * parseHttpUrl("--devnet", "http://127.0.0.1:8787") // URL
 * parseHttpUrl("--devnet", "ftp://x") // throws: --devnet must be an http(s) URL, got "ftp://x"
 */
export function parseHttpUrl(flag: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${flag} must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`${flag} must be an http(s) URL, got ${JSON.stringify(value)}`);
  return url;
}
