/** Exit codes shared by every command. */
export const exitCodes = {
  /** Everything checked out. */
  ok: 0,
  /** Input was well-formed but does not verify (wrong signer, tampered field, failed check). */
  invalid: 1,
  /** Bad input: unreadable file, malformed field, bad signature length, unknown option. */
  badInput: 2,
  /** The network or the service failed. */
  network: 3,
  /**
   * Nothing disagrees, but a part could not be judged (`explain`: no attestation yet, a chain of
   * another VM, no RPC URL or a failing one, no published bytes32 encoding; `collect`: a listed
   * request has no attestation).
   */
  incomplete: 4,
  /**
   * The reader of standard output went away first (`| head`): 128 + SIGPIPE, what a shell reports
   * for git or gh in the same place.
   */
  outputClosed: 141,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];
