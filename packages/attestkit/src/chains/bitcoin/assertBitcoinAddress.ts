import { decodeBitcoinAddress } from "./decodeBitcoinAddress.js";
import { InvalidBitcoinAddressError, type InvalidBitcoinAddressErrorType } from "./errors.js";
import type { BitcoinNetwork } from "./types.js";

export type AssertBitcoinAddressParameters = {
  /** The value to check. */
  address: unknown;
  /** The network(s) the address must belong to. Defaults to `"mainnet"`. */
  network?: BitcoinNetwork | readonly BitcoinNetwork[] | undefined;
  /** The field name to put in the error, e.g. `"recipient"`. */
  field?: string | undefined;
};

export type AssertBitcoinAddressErrorType = InvalidBitcoinAddressErrorType;

/**
 * Throws unless a value is a standard Bitcoin address of the network.
 *
 * @param parameters - {@link AssertBitcoinAddressParameters}
 * @example
 * assertBitcoinAddress({ address: user, field: "user" })
 */
export function assertBitcoinAddress({ address, network, field }: AssertBitcoinAddressParameters): void {
  try {
    decodeBitcoinAddress({ address: address as string, network });
  } catch (error) {
    if (error instanceof InvalidBitcoinAddressError && field !== undefined)
      throw new InvalidBitcoinAddressError({
        address,
        reason: error.reason,
        networks: error.networks,
        field,
      });
    throw error;
  }
}
