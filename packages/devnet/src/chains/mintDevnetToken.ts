import { type Address, encodeFunctionData, type Hex } from "viem";
import { devnetEip3009TokenAbi } from "../contracts/abis.js";
import type { TransactionSender } from "./createTransactionSender.js";

export type MintDevnetTokenParameters = {
  /** The solver's sender: the token's minter at setup. */
  solver: TransactionSender;
  /** The chain's USDC-like token. */
  token: Address;
  /** Who gets the tokens. */
  to: Address;
  /** How many, in the token's units (6 decimals). */
  amount: bigint;
};

/**
 * Mints the devnet's USDC-like token at setup: the test accounts' and the sponsor's balances, the
 * depository's and the swap router's liquidity. Sent with a fixed gas limit (a mint needs no
 * estimate); the caller waits for the receipts.
 *
 * @param parameters - {@link MintDevnetTokenParameters}
 * @returns The mint's transaction hash, once the chain accepted it.
 * @example
 * const hash = await mintDevnetToken({ solver, token, to: depository, amount: depositoryTokenLiquidity })
 */
export function mintDevnetToken({ solver, token, to, amount }: MintDevnetTokenParameters): Promise<Hex> {
  return solver.send({
    to: token,
    data: encodeFunctionData({ abi: devnetEip3009TokenAbi, functionName: "mint", args: [to, amount] }),
    gas: 100_000n,
  });
}
