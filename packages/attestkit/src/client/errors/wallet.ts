// Errors of the caller's wallet against a step: the wrong chain or the wrong account.
import { BaseError } from "../../errors/BaseError.js";

/** The wallet is on another chain than the step item and could not be switched. */
export class ChainMismatchError extends BaseError {
  readonly expectedChainId: number;
  readonly walletChainId: number;
  constructor({
    expectedChainId,
    walletChainId,
    cause,
  }: { expectedChainId: number; walletChainId: number; cause?: unknown }) {
    super(`The wallet is on chain ${walletChainId}, the step needs chain ${expectedChainId}.`, {
      name: "ChainMismatchError",
      metaMessages: [
        "Switch the wallet to the step's chain, or pass a wallet that supports wallet_switchEthereumChain.",
      ],
      cause,
    });
    this.expectedChainId = expectedChainId;
    this.walletChainId = walletChainId;
  }
}

/** {@link ChainMismatchError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type ChainMismatchErrorType = ChainMismatchError & { name: "ChainMismatchError" };

/** The step item is meant for another sender than the wallet's account. */
export class AccountMismatchError extends BaseError {
  readonly expected: string;
  readonly actual: string;
  constructor({ expected, actual }: { expected: string; actual: string }) {
    super(`The step must be sent from ${expected}, the wallet's account is ${actual}.`, {
      name: "AccountMismatchError",
      metaMessages: [
        "Quote with `user` set to the wallet's address, or use the wallet the quote was made for.",
      ],
    });
    this.expected = expected;
    this.actual = actual;
  }
}

/** {@link AccountMismatchError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type AccountMismatchErrorType = AccountMismatchError & { name: "AccountMismatchError" };
