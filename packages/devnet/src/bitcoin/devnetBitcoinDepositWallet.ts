import { sha256 } from "@noble/hashes/sha2.js";
import { utf8 } from "@scure/base";
import { type BitcoinWallet, deriveBitcoinWallet } from "./deriveBitcoinWallet.js";

export type DevnetBitcoinDepositWalletParameters = {
  /** The order id, 0x and 64 hex digits (compared in lowercase). */
  orderId: string;
  /** The depositor: the quote's `user`, a Bitcoin address. */
  depositor: string;
};

/**
 * The devnet's key of the Bitcoin deposit address of an order and its depositor: the PUBLIC TEST KEY
 * sha256("attestkit devnet bitcoin deposit address <orderId> <depositor>"), with which the solver
 * sweeps what the address received (`sweepBitcoinAddress`). Its P2WPKH address is the deposit address
 * (`devnetBitcoinDepositAddress`).
 *
 * @param parameters - {@link DevnetBitcoinDepositWalletParameters}
 * @returns The wallet of the key. {@link BitcoinWallet}
 * @example
 * devnetBitcoinDepositWallet({ orderId, depositor: "bc1q…" }).p2wpkhAddress // the deposit address
 */
export function devnetBitcoinDepositWallet({
  orderId,
  depositor,
}: DevnetBitcoinDepositWalletParameters): BitcoinWallet {
  const text = `attestkit devnet bitcoin deposit address ${orderId.toLowerCase()} ${depositor}`;
  return deriveBitcoinWallet({ privateKey: sha256(utf8.decode(text)) });
}
