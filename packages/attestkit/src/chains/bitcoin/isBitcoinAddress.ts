import { decodeBitcoinAddress } from "./decodeBitcoinAddress.js";
import { InvalidBitcoinAddressError } from "./errors.js";
import type { BitcoinNetwork } from "./types.js";

export type IsBitcoinAddressParameters = {
  /** The value to check. */
  address: unknown;
  /** The network(s) the address must belong to. Defaults to `"mainnet"`. */
  network?: BitcoinNetwork | readonly BitcoinNetwork[] | undefined;
};

export type IsBitcoinAddressReturnType = boolean;

/**
 * None in practice: an address that does not decode is `false`. Only a failure that is not the
 * decoder's verdict (a bug) propagates rather than reading as "not an address".
 */
export type IsBitcoinAddressErrorType = never;

/**
 * Tells whether a value is a standard Bitcoin address (P2PKH, P2SH, P2WPKH, P2WSH, P2TR) of the network.
 *
 * @param parameters - {@link IsBitcoinAddressParameters}
 * @returns True when the address decodes with a valid checksum. {@link IsBitcoinAddressReturnType}
 * @example
 * isBitcoinAddress({ address: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2" }) // true
 */
export function isBitcoinAddress({
  address,
  network,
}: IsBitcoinAddressParameters): IsBitcoinAddressReturnType {
  try {
    decodeBitcoinAddress({ address: address as string, network });
    return true;
  } catch (error) {
    if (error instanceof InvalidBitcoinAddressError) return false;
    throw error;
  }
}
