import { InvalidWebhookHeaderError } from "../errors.js";

/**
 * Headers a webhook delivery sets itself (lowercase): a custom header never replaces them. The
 * signature and event headers carry the delivery's proof and identity; the transport headers belong
 * to HTTP.
 */
export const reservedWebhookHeaders: readonly string[] = [
  "x-signature-timestamp",
  "x-signature-sha256",
  "x-event-id",
  "x-event-attempt",
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "host",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "expect",
];

/** Most custom headers per endpoint, and longest value. */
export const webhookHeaderLimits = { count: 32, valueLength: 4096 } as const;

const tokenPattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Visible ASCII, space and tab: no CR, LF or NUL (no header injection), no leading/trailing space.
const valuePattern = /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$|^$/;

export type CheckWebhookHeadersParameters = {
  /** The API key whose endpoint gets the headers (for the error message only). */
  apiKey: string;
  headers: Readonly<Record<string, unknown>>;
};

/**
 * Checks the custom headers of one webhook endpoint: each name an HTTP token and none of the headers
 * a delivery sets itself (signature, event id and attempt, content and transport headers, in any
 * case), each value a string of visible ASCII (no line breaks), at most 32 headers of at most 4,096
 * characters. Names are compared case-insensitively: two names differing only in case are refused.
 *
 * @param parameters - {@link CheckWebhookHeadersParameters}
 * @returns The headers, as given.
 * @throws InvalidWebhookHeaderError naming the API key's endpoint, the header and the rule broken.
 * @example
 * checkWebhookHeaders({ apiKey, headers: { Authorization: "Bearer gateway-token" } })
 */
export function checkWebhookHeaders({
  apiKey,
  headers,
}: CheckWebhookHeadersParameters): Record<string, string> {
  const fail = (header: string, reason: string): never => {
    throw new InvalidWebhookHeaderError({ apiKey, header, reason });
  };
  if (headers === null || typeof headers !== "object" || Array.isArray(headers))
    return fail("", "headers must be an object of header name to value");
  const entries = Object.entries(headers);
  if (entries.length > webhookHeaderLimits.count)
    fail("", `at most ${webhookHeaderLimits.count} custom headers, got ${entries.length}`);
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    if (!tokenPattern.test(name)) fail(name, "is not a valid HTTP header name");
    const lower = name.toLowerCase();
    if (reservedWebhookHeaders.includes(lower))
      fail(
        name,
        "is set by every delivery itself (signature, event or transport header): it cannot be replaced",
      );
    if (seen.has(lower)) fail(name, "is given twice (header names are case-insensitive)");
    seen.add(lower);
    if (typeof value !== "string") fail(name, "must have a string value");
    const text = value as string;
    if (text.length > webhookHeaderLimits.valueLength)
      fail(name, `value is longer than ${webhookHeaderLimits.valueLength} characters`);
    if (!valuePattern.test(text))
      fail(name, "value must be visible ASCII without line breaks or surrounding spaces");
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
