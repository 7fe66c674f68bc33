import type { Hex } from "viem";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import { devnetBitcoinDepositWallet } from "../bitcoin/devnetBitcoinDepositWallet.js";
import { sweepBitcoinAddress } from "../bitcoin/sweepBitcoinAddress.js";
import type { RequestStore } from "../state/createRequestStore.js";

export type SweepBitcoinDepositParameters = {
  chain: BitcoinChain;
  store: Pick<RequestStore, "get">;
  /** The deposit address that was paid (`bc1q…`). */
  depositAddress: string;
  /** The request whose quote gave the address (its order id and user make its key). */
  requestId: Hex;
  /** The solver's own P2WPKH address, where the coins go. */
  solverAddress: string;
  log: (message: string) => void;
};

/**
 * Sweeps a request's Bitcoin deposit address into the solver's wallet once a payment into it is
 * credited (confirmed), as the live solver moves deposit-address funds on: the address's key is the
 * devnet's key of the request's order id and user (`devnetBitcoinDepositWallet`), the spend a real
 * transaction of the chain (`sweepBitcoinAddress`), so the solver's refunds and fills pay from its
 * own wallet. A request without an order, a key that does not give the address, or a sweep the
 * mempool refuses is logged, and the coins stay where they are.
 *
 * @param parameters - {@link SweepBitcoinDepositParameters}
 * @returns The sweep's txid, or undefined when nothing was swept.
 * @example
 * sweepBitcoinDeposit({ chain, store, depositAddress, requestId, solverAddress, log })
 */
export function sweepBitcoinDeposit({
  chain,
  store,
  depositAddress,
  requestId,
  solverAddress,
  log,
}: SweepBitcoinDepositParameters): string | undefined {
  const request = store.get(requestId);
  if (request?.orderId === undefined) {
    log(`deposit address ${depositAddress}: no order to sweep it with`);
    return undefined;
  }
  const wallet = devnetBitcoinDepositWallet({ orderId: request.orderId, depositor: request.user });
  if (wallet.p2wpkhAddress !== depositAddress) {
    log(`deposit address ${depositAddress} is not the address of ${requestId}'s order`);
    return undefined;
  }
  try {
    return sweepBitcoinAddress({ chain, wallet, to: solverAddress })?.txid;
  } catch (error) {
    log(`sweep of ${depositAddress}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
