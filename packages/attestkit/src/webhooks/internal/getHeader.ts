/** Headers as a web `Headers` object or as a plain record (such as node's `IncomingHttpHeaders`). */
export type HeadersInput = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Reads a header by case-insensitive name; of repeated values, the first. */
export function getHeader(headers: HeadersInput, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(
    headers as Record<string, string | readonly string[] | undefined>,
  )) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return typeof value === "string" ? value : value[0];
  }
  return undefined;
}
