import { encodePacked, getContractAddress, type Hex, isAddress, keccak256 } from "viem";
import type { DepositAddressRule } from "./types.js";

export type DeriveDepositAddressParameters = {
  /** The chain's rule, from the trust root. */
  rule: DepositAddressRule;
  /** The signed order's id (0x and 64 hex digits). */
  orderId: Hex;
  /** Who the deposits are credited to: the intent's `user`. */
  depositor: string;
};

/**
 * The deposit address of an order and its depositor, by the chain's rule
 * (`protocol-v2-orders.md` §4): for `create2`, `CREATE2(factory, keccak256(orderId ‖ depositor),
 * initCodeHash)`; for `derive`, the rule's own function. Undefined when the depositor is no address
 * the rule can take (a `create2` rule needs an EVM depositor) or the rule's function fails.
 *
 * @param parameters - {@link DeriveDepositAddressParameters}
 * @returns The address, lowercase for EVM, as the rule gives it otherwise; or undefined.
 * @example
 * deriveDepositAddress({ rule: { kind: "create2", factory, initCodeHash }, orderId, depositor: user })
 */
export function deriveDepositAddress({
  rule,
  orderId,
  depositor,
}: DeriveDepositAddressParameters): string | undefined {
  const id = orderId.toLowerCase() as Hex;
  if (rule.kind === "derive") {
    try {
      const address = rule.derive({ orderId: id, depositor });
      return typeof address === "string" && address !== "" ? address : undefined;
    } catch {
      return undefined;
    }
  }
  if (!isAddress(depositor, { strict: false })) return undefined;
  const salt = keccak256(encodePacked(["bytes32", "address"], [id, depositor]));
  return getContractAddress({
    opcode: "CREATE2",
    from: rule.factory,
    salt,
    bytecodeHash: rule.initCodeHash,
  }).toLowerCase();
}
