/**
 * What to type, in the CLI's terms, for the library errors whose own hints name a library option:
 * printed by `reportError` in place of those hints, so the advice a CLI user reads is a flag they can
 * pass where they read it (the library's hints name the options of its functions).
 */
export const cliAdvice: Readonly<Record<string, readonly string[]>> = {
  LegacyBitcoinEncodingRequiredError: [
    "Pass --legacy-bitcoin ff-prefixed (0xff || version || hash160, 22 bytes; the SDK since 0.0.120)",
    "or --legacy-bitcoin unprefixed (version || hash160, 21 bytes; older SDKs). Bech32 addresses need no choice.",
  ],
  NativeSecp256k1UnavailableError: [
    'Install the optional dependency "secp256k1" (with its prebuilt binary), or pass --engine noble or --engine auto.',
  ],
  UnsupportedVmTypeError: [
    "The interface publishes no bytes32 encoding for this VM, and attestkit does not guess the live service's.",
    "A devnet's request is verified by its own rule when read from it: attestkit verify REQUEST_ID --api http://127.0.0.1:PORT",
    "(attestkit explain leaves such a part not judged instead of failing).",
  ],
  InvalidTrustRootError: [
    "The file given to --chains-file is a GET /chains answer saved from a source you trust, or",
    "{ chains: [{ id, slug, vmType, depository?, spenders?, depositAddress?, wrappedNative?, exchangeRouteType? }] }.",
  ],
};

/**
 * The hint lines to print for an error: the CLI's own for a library error listed in
 * {@link cliAdvice}, the error's own otherwise.
 *
 * @param name - The error's `name`.
 * @param own - The error's `metaMessages`.
 * @returns The lines, unindented.
 * @example
 * adviceLines("LegacyBitcoinEncodingRequiredError", error.metaMessages) // ["Pass --legacy-bitcoin ...", ...]
 */
export function adviceLines(name: string, own: readonly string[]): readonly string[] {
  return Object.hasOwn(cliAdvice, name) ? (cliAdvice[name] ?? own) : own;
}
