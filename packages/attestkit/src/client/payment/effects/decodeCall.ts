import { decodeFunctionData, encodeFunctionData, type Hex } from "viem";
import { paymentAbi } from "../paymentAbi.js";

/** A call of `paymentAbi`, decoded, with the 32 bytes after its arguments if there are exactly 32. */
export type DecodedCall = {
  functionName: (typeof paymentAbi)[number]["name"];
  args: readonly unknown[];
  /** The trailing 32 bytes after the arguments (an ERC-20 transfer's deposit id), lowercase. */
  trailing: Hex | undefined;
};

/**
 * Decodes calldata as one of the payment calls, canonically: the arguments re-encoded must give the
 * calldata back byte for byte (nothing dirty, nothing appended), except exactly 32 trailing bytes
 * (the deposit id an ERC-20 transfer may carry, `protocol-v2-orders.md` §4). Anything else is
 * undefined: an item the guard cannot read.
 *
 * @param calldata - The item's `data`.
 * @returns The call, or undefined.
 * @example
 * decodeCall("0x49290c1c…")?.functionName // "depositNative"
 */
export function decodeCall(calldata: Hex): DecodedCall | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof paymentAbi>>;
  try {
    call = decodeFunctionData({ abi: paymentAbi, data: calldata });
  } catch {
    return undefined;
  }
  const args = (call.args ?? []) as readonly unknown[];
  const encoded = encodeFunctionData({
    abi: paymentAbi.filter((item) => item.name === call.functionName && item.inputs.length === args.length),
    functionName: call.functionName,
    args,
  } as never).toLowerCase();
  const given = calldata.toLowerCase();
  if (given === encoded) return { functionName: call.functionName, args, trailing: undefined };
  if (given.length === encoded.length + 64 && given.startsWith(encoded))
    return { functionName: call.functionName, args, trailing: `0x${given.slice(encoded.length)}` };
  return undefined;
}
