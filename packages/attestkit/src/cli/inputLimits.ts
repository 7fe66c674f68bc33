/**
 * The largest input of each kind a command reads from a file or standard input, in bytes. Each is
 * far above any genuine one (the service's own request bodies stop at 1 MiB; its largest answers,
 * a quote with calldata or a PSBT and the chain list, are well under 16 MiB), so a larger input is
 * the wrong file or a stream without end (`/dev/zero`, a runaway pipe): it is refused once the
 * limit is read, never read whole into memory.
 */
export const inputLimits = {
  /** The signature endpoint's answer, `{requestData, signature, requestId?}` (`verify -f`, `encode -f`). */
  attestation: { what: "one object {requestData, signature}", maxBytes: 1_048_576 },
  /** A quote request (`quote -f`, `execute -f`). */
  quoteRequest: { what: "one quote request object", maxBytes: 1_048_576 },
  /** A saved `POST /quote/v2` answer (`execute --quote-file`). */
  quote: { what: "a POST /quote/v2 answer", maxBytes: 16_777_216 },
  /** A quote answer or its `protocol.v2` object (`verify --quote`). */
  quoteOrOrder: { what: "a quote answer or its protocol.v2 object", maxBytes: 16_777_216 },
  /** A saved `GET /chains` answer (`verify --chains`). */
  chains: { what: "a GET /chains answer", maxBytes: 16_777_216 },
  /** A trust root or a saved chain list (`execute --chains-file`). */
  trustRoot: {
    what: "a trust root ({ chains: [{ id, slug, vmType, ... }] }) or a saved GET /chains answer",
    maxBytes: 16_777_216,
  },
  /** Deploy parameters (`deploy --params`). */
  deployParameters: { what: "deploy parameters", maxBytes: 1_048_576 },
} as const satisfies Record<string, InputLimit>;

/** One kind of input: what it is (for messages) and its largest size. */
export type InputLimit = {
  /** What the input holds, as a message names it (`a GET /chains answer`). */
  what: string;
  /** Its largest size in bytes. */
  maxBytes: number;
};
