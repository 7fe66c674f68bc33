/**
 * Gives a client its `extend`: `client.extend(fn)` returns a new client with the members `fn`
 * returns added, and an `extend` of its own, so extensions chain. Like viem's `createClient`, a
 * member the client already has is never replaced: a key `fn` returns that the client has (`request`,
 * `baseUrl`, `extend`, or an action an earlier extension bound, such as `getQuote` or
 * `executeSteps` with its payment guard) is dropped, so no extension can swap the client's own
 * members for others. viem protects the base client's keys only; here every key the extended client
 * has is kept.
 *
 * @param client - The client to extend; it is given its `extend` in place.
 * @returns The same client, with `extend`.
 * @example
 * const client = withExtend(base).extend(serviceActions).extend((c) => ({ chainIds: async () => ... }))
 */
export function withExtend<client extends object>(client: client): client & { extend: unknown } {
  const extend = (fn: (c: unknown) => object) => {
    const added: Record<PropertyKey, unknown> = { ...fn(client) };
    // The client's own members win: an extension adds, it never replaces.
    for (const key of Reflect.ownKeys(client)) delete added[key];
    return withExtend({ ...client, ...added });
  };
  return Object.assign(client, { extend });
}
