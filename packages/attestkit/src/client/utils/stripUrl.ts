import { redact } from "./redact.js";

/** Query parameter names that carry credentials. */
const secretParams = /^(api[-_]?key|x-api-key|key|token|access[-_]?token|secret)$/i;

export type StripUrlParameters = {
  /** The URL to show. */
  url: string;
  /** A secret that must not appear in the result. */
  secret?: string | undefined;
};

/**
 * Removes credentials from a URL before it goes into an error: user info, credential-like query
 * parameters, and any occurrence of `secret`.
 *
 * @param parameters - {@link StripUrlParameters}
 * @returns The URL safe to print.
 * @example
 * stripUrl({ url: "https://u:p@api.example/x?apiKey=k&a=1" }) // "https://api.example/x?apiKey=[redacted]&a=1"
 */
export function stripUrl({ url, secret }: StripUrlParameters): string {
  let result = url;
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    for (const name of [...parsed.searchParams.keys()])
      if (secretParams.test(name)) parsed.searchParams.set(name, "REDACTED");
    result = parsed.toString().replaceAll("=REDACTED", "=[redacted]");
  } catch {
    // Not a URL: only the secret replacement below applies.
  }
  return redact({ value: result, secret });
}
