const mask = "[redacted]";

export type RedactParameters<value> = {
  /** A string or JSON value. */
  value: value;
  /** The secret that must not appear in the result; nothing is changed without one. */
  secret?: string | undefined;
};

/**
 * Replaces every occurrence of `secret` in a string, or in every string (keys included) of a JSON
 * value. The service could echo a key in an error body; errors must never carry it.
 *
 * @param parameters - {@link RedactParameters}
 * @returns A copy without the secret.
 * @example
 * redact({ value: { message: "bad key abc" }, secret: "abc" }) // { message: "bad key [redacted]" }
 */
export function redact<value>({ value, secret }: RedactParameters<value>): value {
  if (!secret) return value;
  if (typeof value === "string")
    return value.replaceAll(secret, mask).replaceAll(encodeURIComponent(secret), mask) as value;
  if (Array.isArray(value)) return value.map((v) => redact({ value: v, secret })) as value;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[redact({ value: k, secret })] = redact({ value: v, secret });
    return out as value;
  }
  return value;
}
