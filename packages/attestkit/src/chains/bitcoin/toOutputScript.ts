import { OutScript } from "@scure/btc-signer";
import { decodeBitcoinAddress } from "./decodeBitcoinAddress.js";
import type { InvalidBitcoinAddressErrorType } from "./errors.js";

export type ToOutputScriptParameters = {
  /** A mainnet address: P2PKH, P2SH, P2WPKH, P2WSH or P2TR (case-sensitive, as the interface says). */
  address: string;
};

export type ToOutputScriptReturnType = Uint8Array;

export type ToOutputScriptErrorType = InvalidBitcoinAddressErrorType;

/**
 * The output script that pays a mainnet address, after checking the address with the same decoder
 * the client's validators use (`decodeBitcoinAddress`), so the devnet accepts exactly the addresses
 * the client does.
 *
 * @param parameters - {@link ToOutputScriptParameters}
 * @returns The output script. {@link ToOutputScriptReturnType}
 * @throws {InvalidBitcoinAddressError} When the address is not a valid mainnet address.
 * @example
 * toOutputScript({ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" }) // 0014751e…
 */
export function toOutputScript({ address }: ToOutputScriptParameters): ToOutputScriptReturnType {
  const { type, program } = decodeBitcoinAddress({ address, network: "mainnet" });
  switch (type) {
    case "p2pkh":
      return OutScript.encode({ type: "pkh", hash: program });
    case "p2sh":
      return OutScript.encode({ type: "sh", hash: program });
    case "p2wpkh":
      return OutScript.encode({ type: "wpkh", hash: program });
    case "p2wsh":
      return OutScript.encode({ type: "wsh", hash: program });
    case "p2tr":
      return OutScript.encode({ type: "tr", pubkey: program });
  }
}
