import type { Hex } from "viem";
import type { EvmApprovalRequest, EvmTransactionRequest } from "../../../schemas/index.js";
import { isEvmAddress } from "../../../schemas/isEvmAddress.js";
import { refuse } from "./refuse.js";
import type { EffectContext, RefusedItem } from "./types.js";

/** What an EVM item sends, read after the checks every EVM item passes (lowercase, `0x` for no calldata). */
export type TransactionTarget = { ok: true; to: string; value: bigint; calldata: Hex };

/**
 * The checks every EVM transaction item passes before its calldata is read: it runs on the trusted
 * origin chain, from the payer only, and names addresses the wallet accepts (lowercase or EIP-55:
 * the wallet refuses any other mixed case, so it is refused here before anything runs).
 *
 * @returns Where the item sends, with what value and calldata; or why it is refused. {@link RefusedItem}
 * @example
 * const target = readTransactionTarget(data, context)
 * if (!target.ok) return target
 */
export function readTransactionTarget(
  data: EvmTransactionRequest | EvmApprovalRequest,
  { origin, user }: EffectContext,
): TransactionTarget | RefusedItem {
  if (data.chainId !== origin.id)
    return refuse("data.chainId", "wrong-chain", String(origin.id), String(data.chainId));
  if (data.from && data.from.toLowerCase() !== user)
    return refuse("data.from", "payer-mismatch", user, data.from);
  for (const [field, address] of [
    ["data.to", data.to],
    ["data.from", data.from],
  ] as const)
    if (address && !isEvmAddress(address))
      return refuse(field, "invalid-address", "an address in lower case or its EIP-55 checksum", address);
  return {
    ok: true,
    to: data.to.toLowerCase(),
    value: data.value ?? 0n,
    calldata: ((data.data ?? "0x") as Hex).toLowerCase() as Hex,
  };
}
