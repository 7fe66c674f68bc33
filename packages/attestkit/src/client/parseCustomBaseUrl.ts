import { InvalidClientConfigError } from "./errors/config.js";

export type ParseCustomBaseUrlParameters = {
  /** `network.baseUrl` as given: any deployment of the interface, such as a local devnet. */
  baseUrl: string;
};

/**
 * Checks the base URL of a custom network and gives it without its trailing slashes. It must parse
 * as an http(s) URL and carry no credentials, query or fragment: the key goes in `apiKey`, where it
 * is kept out of every error and of the client object.
 *
 * @param parameters - {@link ParseCustomBaseUrlParameters}
 * @returns The base URL without trailing slashes.
 * @throws InvalidClientConfigError (`network.baseUrl`): not a URL, not http(s), or carrying credentials, a query or a fragment.
 * @example
 * parseCustomBaseUrl({ baseUrl: "http://127.0.0.1:8080/api/" }) // "http://127.0.0.1:8080/api"
 */
export function parseCustomBaseUrl({ baseUrl }: ParseCustomBaseUrlParameters): string {
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
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
  return baseUrl.replace(/\/+$/, "");
}
