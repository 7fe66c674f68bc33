import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
  size,
  slice,
  toFunctionSelector,
} from "viem";

/** Selector of ERC-20's `transfer(address,uint256)`. */
const transferSelector = toFunctionSelector("transfer(address,uint256)");

/** The zero id: what a transfer that names no request is recorded under. */
export const zeroId: Hex = `0x${"00".repeat(32)}`;

/**
 * The request id an ERC-20 `transfer(depository, amount)` carries: the calldata's trailing 32 bytes
 * after the call's own 68 (`protocol-v2-orders.md` §4, the live docs' "the trailing 32 bytes of the
 * ERC20 transfer calldata"; the production aggregator facet pays this way). A plain transfer (no more
 * than 68 bytes, or fewer than 32 more) names none: the zero id.
 *
 * @param input - The calldata of a call to the token.
 * @param depository - The depository the transfer must pay.
 * @param amount - The amount the token's `Transfer` event recorded.
 * @returns The id; the zero id for a plain transfer; undefined when the calldata is not a
 * `transfer` of that amount to the depository.
 * @example
 * trailingTransferId(concat([encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [depository, 5n] }), orderId]), depository, 5n) // orderId
 */
export function trailingTransferId(input: Hex, depository: Address, amount: bigint): Hex | undefined {
  if (size(input) < 68 || slice(input, 0, 4) !== transferSelector) return undefined;
  const { args } = decodeFunctionData({ abi: erc20Abi, data: slice(input, 0, 68) });
  const [to, value] = args as readonly [Address, bigint];
  if (!isAddressEqual(to, depository) || value !== amount) return undefined;
  return size(input) >= 100 ? slice(input, size(input) - 32) : zeroId;
}
