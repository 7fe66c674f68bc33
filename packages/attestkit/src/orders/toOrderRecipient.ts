import type { Hex } from "viem";
import { encodeOrderAddress } from "./encodeOrderAddress.js";
import type {
  InvalidOrderAddressErrorType,
  InvalidOrderFieldErrorType,
  LegacyBitcoinEncodingRequiredErrorType,
  MissingOrderFieldErrorType,
  UnknownOrderChainErrorType,
} from "./errors.js";
import { readString } from "./internal/readers.js";
import { orderVmTypeOf } from "./orderVmTypeOf.js";
import type { OrderEncodingOptions } from "./types.js";

export type ToOrderRecipientParameters = OrderEncodingOptions & {
  /** The output chain's slug (`/chains` `protocol.v2.chainId`), e.g. `"optimism"` or `"solana"`. */
  chainId: unknown;
  /** The recipient as the quote names it (EVM hex, Solana base58, `bc1...`, ...). */
  recipient: unknown;
};

/** One entry of `AttestedDepositReceiver.setOrderRecipients` (its `OrderRecipient` struct). */
export type ToOrderRecipientReturnType = {
  chainId: string;
  /** The recipient as an order encodes it for the chain's VM. */
  recipient: Hex;
};

export type ToOrderRecipientErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | UnknownOrderChainErrorType
  | InvalidOrderAddressErrorType
  | LegacyBitcoinEncodingRequiredErrorType;

/**
 * Builds an order whitelist entry: the receiver keys it on the output chain's slug and the
 * recipient's bytes exactly as orders sign them, so the entry is encoded by the same VM rule as
 * `toOrderStruct` (an EVM address is its 20 bytes, not a left-padded word).
 *
 * @param parameters - {@link ToOrderRecipientParameters}
 * @returns The `(chainId, recipient)` pair. {@link ToOrderRecipientReturnType}
 * @throws UnknownOrderChainError for a slug the chains do not list, InvalidOrderAddressError for an
 * address that is not valid on that chain's VM.
 * @example
 * const entry = toOrderRecipient({ chainId: "solana", recipient: "7EaP2zkx...hsb1", chains })
 * await walletClient.writeContract({ address: receiver, abi: attestedDepositReceiverAbi,
 *   functionName: "setOrderRecipients", args: [[entry], true] })
 */
export function toOrderRecipient(parameters: ToOrderRecipientParameters): ToOrderRecipientReturnType {
  const chainId = readString("chainId", parameters.chainId);
  const vmType = orderVmTypeOf({ chainId, chains: parameters.chains, field: "chainId" });
  const recipient = encodeOrderAddress({
    value: parameters.recipient,
    vmType,
    field: "recipient",
    legacyBitcoinEncoding: parameters.legacyBitcoinEncoding,
  });
  return { chainId, recipient };
}
