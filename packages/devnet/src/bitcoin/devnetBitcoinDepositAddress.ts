import { devnetBitcoinDepositWallet } from "./devnetBitcoinDepositWallet.js";

export type DevnetBitcoinDepositAddressParameters = {
  /** The order id, 0x and 64 hex digits (compared in lowercase). */
  orderId: string;
  /** The depositor: the quote's `user`, a Bitcoin address. */
  depositor: string;
};

/**
 * The devnet's Bitcoin deposit address of an order and its depositor: the P2WPKH address of the
 * PUBLIC TEST KEY sha256("attestkit devnet bitcoin deposit address <orderId> <depositor>")
 * (`devnetBitcoinDepositWallet`). Made of the signed order id (never of the unsigned request id), so
 * a payer's guard can derive it (`devnetTrustRoot`) instead of believing the step's `depositAddress`.
 *
 * @param parameters - {@link DevnetBitcoinDepositAddressParameters}
 * @returns The `bc1q…` address.
 * @example
 * devnetBitcoinDepositAddress({ orderId, depositor: "bc1q…" })
 */
export function devnetBitcoinDepositAddress({
  orderId,
  depositor,
}: DevnetBitcoinDepositAddressParameters): string {
  return devnetBitcoinDepositWallet({ orderId, depositor }).p2wpkhAddress;
}
